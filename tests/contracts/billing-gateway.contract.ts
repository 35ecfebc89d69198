/**
 * BillingGateway contract (the plan, checkouts, subscriptions, portal, customer state).
 *
 * Harness the factory provides:
 * - `gateway`: the adapter, ready (a valid token, a seeded plan product and discount);
 * - `createUser()`: a fresh app user who is not a billing customer yet: `{ userId, email }`;
 * - `actAs(userId)`: makes `gateway` act for that user (the /api adapter signs in; the Polar
 *   adapter, acting for any user by id, need not do anything);
 * - `pay(checkoutId)`: what paying on the hosted checkout page does (the sandbox completes the
 *   checkout, the in-memory adapter likewise): the user gets an active subscription to the plan;
 * - `decline(checkoutId)`: paying with the declined test card: nothing is paid.
 */
import { describe, expect, it } from 'vitest';
import { CANCELLATION_REASONS } from '../../core/billing/index.js';
import type { BillingGateway } from '../../core/billing/index.js';

export interface BillingGatewayHarness {
  readonly gateway: BillingGateway;
  createUser(): Promise<{ userId: string; email: string }>;
  actAs(userId: string): Promise<void>;
  pay(checkoutId: string): Promise<void>;
  decline(checkoutId: string): Promise<void>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

const SUCCESS_URL = 'https://ensemble.example/subscribe?checkout=success';
const RETURN_URL = 'https://ensemble.example/subscribe?checkout=returned';

export function billingGatewayContract(name: string, makeHarness: () => Promise<BillingGatewayHarness>): void {
  describe(`BillingGateway contract: ${name}`, () => {
    const customer = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user.userId);
      return { h, user, gateway: h.gateway };
    };
    const subscribed = async () => {
      const ctx = await customer();
      const checkout = data(await ctx.gateway.createCheckout({ ...ctx.user, successUrl: SUCCESS_URL }));
      await ctx.h.pay(checkout.id);
      return ctx;
    };

    it('describes the plan product with a price in minor units and a currency', async () => {
      const { gateway } = await customer();
      const product = data(await gateway.getPlanProduct());
      expect(product.id).not.toBe('');
      expect(product.name).not.toBe('');
      if (product.priceAmount !== null) expect(Number.isInteger(product.priceAmount) && product.priceAmount >= 0).toBe(true);
      expect(product.priceCurrency === null || /^[a-z]{3}$/.test(product.priceCurrency)).toBe(true);
    });

    it('describes the discount as basis points or an amount, or none', async () => {
      const { gateway } = await customer();
      const discount = data(await gateway.getPlanDiscount());
      if (discount !== null) expect(discount.basisPoints !== null || discount.amount !== null).toBe(true);
      if (discount?.basisPoints != null) expect(discount.basisPoints).toBeGreaterThan(0);
    });

    it('opens checkouts on absolute http(s) URLs, a new one each time', async () => {
      const { gateway, user } = await customer();
      const first = data(await gateway.createCheckout({ ...user, successUrl: SUCCESS_URL }));
      const second = data(await gateway.createCheckout({ ...user, successUrl: SUCCESS_URL }));
      expect(first.url).toMatch(/^https?:\/\/\S+$/);
      expect(first.id).not.toBe(second.id);
    });

    it('a user who never paid has no customer state and nothing to cancel', async () => {
      const { gateway, user } = await customer();
      expect(data(await gateway.getCustomerState(user.userId))).toBeNull();
      const canceled = await gateway.cancelSubscription({ userId: user.userId, reason: 'unused', comment: null });
      expect(canceled.success ? 'ok' : canceled.error.code).toBe('not_found');
    });

    it('after paying, the user has one active subscription to the plan', async () => {
      const { gateway, user } = await subscribed();
      const product = data(await gateway.getPlanProduct());
      const state = data(await gateway.getCustomerState(user.userId));
      expect(state).toMatchObject({ externalId: user.userId, email: user.email });
      expect(state?.activeSubscriptions).toHaveLength(1);
      expect(state?.activeSubscriptions[0]).toMatchObject({ status: 'active', productId: product.id, cancelAtPeriodEnd: false });
    });

    it('cancels at period end with the reason: still active until then', async () => {
      const { gateway, user } = await subscribed();
      const canceled = data(await gateway.cancelSubscription({ userId: user.userId, reason: 'too_expensive', comment: 'Maybe later' }));
      expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, cancellationReason: 'too_expensive' });
      expect(canceled.endsAt).toBe(canceled.currentPeriodEnd);
      const state = data(await gateway.getCustomerState(user.userId));
      expect(state?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(true);
    });

    it('refuses to cancel twice with conflict', async () => {
      const { gateway, user } = await subscribed();
      data(await gateway.cancelSubscription({ userId: user.userId, reason: 'other', comment: null }));
      const again = await gateway.cancelSubscription({ userId: user.userId, reason: 'other', comment: null });
      expect(again.success ? 'ok' : again.error.code).toBe('conflict');
    });

    it('accepts each of the eight cancellation reasons', async () => {
      for (const reason of CANCELLATION_REASONS) {
        const { gateway, user } = await subscribed();
        expect(data(await gateway.cancelSubscription({ userId: user.userId, reason, comment: null })).cancellationReason).toBe(reason);
      }
    });

    it('opens the customer portal for a customer, not_found for someone who never paid', async () => {
      const { gateway, user } = await subscribed();
      expect(data(await gateway.createPortalSession({ userId: user.userId, returnUrl: SUCCESS_URL })).url).toMatch(/^https?:\/\/\S+$/);
      const stranger = await customer();
      const refused = await stranger.gateway.createPortalSession({ userId: stranger.user.userId });
      expect(refused.success ? 'ok' : refused.error.code).toBe('not_found');
    });

    it("one user's subscription is not another's", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice.userId);
      const checkout = data(await h.gateway.createCheckout({ ...alice, successUrl: SUCCESS_URL }));
      await h.pay(checkout.id);
      await h.actAs(bob.userId);
      expect(data(await h.gateway.getCustomerState(bob.userId))).toBeNull();
      const canceled = await h.gateway.cancelSubscription({ userId: bob.userId, reason: 'other', comment: null });
      expect(canceled.success ? 'ok' : canceled.error.code).toBe('not_found');
    });

    it('reads back the user\'s own checkout: open before paying, succeeded after', async () => {
      const { gateway, user, h } = await customer();
      const checkout = data(await gateway.createCheckout({ ...user, successUrl: SUCCESS_URL, returnUrl: RETURN_URL }));
      expect(data(await gateway.getCheckout({ userId: user.userId, checkoutId: checkout.id }))).toEqual({ id: checkout.id, status: 'open', declined: false });
      await h.pay(checkout.id);
      await expect.poll(async () => data(await gateway.getCheckout({ userId: user.userId, checkoutId: checkout.id }))?.status).toBe('succeeded');
    });

    it('a declined card pays nothing: the checkout is not succeeded and no plan starts', async () => {
      const { gateway, user, h } = await customer();
      const checkout = data(await gateway.createCheckout({ ...user, successUrl: SUCCESS_URL }));
      await h.decline(checkout.id);
      const state = data(await gateway.getCheckout({ userId: user.userId, checkoutId: checkout.id }));
      expect(state?.status).not.toBe('succeeded');
      expect(['open', 'failed']).toContain(state?.status);
      // The declined attempt tells it apart from a checkout nobody tried to pay.
      expect(state?.declined).toBe(true);
      expect(data(await gateway.getCustomerState(user.userId))?.activeSubscriptions ?? []).toEqual([]);
    });

    it('a made-up checkout id, or another user\'s checkout, reads as none', async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice.userId);
      const checkout = data(await h.gateway.createCheckout({ ...alice, successUrl: SUCCESS_URL }));
      await h.pay(checkout.id);
      await h.actAs(bob.userId);
      expect(data(await h.gateway.getCheckout({ userId: bob.userId, checkoutId: checkout.id }))).toBeNull();
      expect(data(await h.gateway.getCheckout({ userId: bob.userId, checkoutId: 'not-a-checkout' }))).toBeNull();
      expect(data(await h.gateway.getCheckout({ userId: bob.userId, checkoutId: '00000000-0000-4000-8000-000000000000' }))).toBeNull();
    });

    it('resumes a subscription set to end: it renews again', async () => {
      const { gateway, user } = await subscribed();
      data(await gateway.cancelSubscription({ userId: user.userId, reason: 'unused', comment: null }));
      const resumed = data(await gateway.resumeSubscription({ userId: user.userId }));
      expect(resumed).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, endsAt: null });
      expect(data(await gateway.getCustomerState(user.userId))?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(false);
      // And it can be cancelled again.
      expect(data(await gateway.cancelSubscription({ userId: user.userId, reason: 'other', comment: null })).cancelAtPeriodEnd).toBe(true);
    });

    it('resuming a plan that is not set to end is a conflict; without a plan, not_found', async () => {
      const { gateway, user } = await subscribed();
      const notEnding = await gateway.resumeSubscription({ userId: user.userId });
      expect(notEnding.success ? 'ok' : notEnding.error.code).toBe('conflict');
      const stranger = await customer();
      const none = await stranger.gateway.resumeSubscription({ userId: stranger.user.userId });
      expect(none.success ? 'ok' : none.error.code).toBe('not_found');
    });

    it("one user cannot resume another's cancelled plan", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice.userId);
      await h.pay(data(await h.gateway.createCheckout({ ...alice, successUrl: SUCCESS_URL })).id);
      data(await h.gateway.cancelSubscription({ userId: alice.userId, reason: 'unused', comment: null }));
      await h.actAs(bob.userId);
      const refused = await h.gateway.resumeSubscription({ userId: bob.userId });
      expect(refused.success ? 'ok' : refused.error.code).toBe('not_found');
      await h.actAs(alice.userId);
      expect(data(await h.gateway.getCustomerState(alice.userId))?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(true);
    });
  });
}
