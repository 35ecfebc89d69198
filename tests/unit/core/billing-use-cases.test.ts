import { describe, expect, it } from 'vitest';
import { CANCELLATION_REASONS, makeCancelSubscription, makeCompleteCheckout, makeOpenCustomerPortal, makeResumeSubscription, makeStartCheckout } from '../../../core/billing/index.js';
import type { CancellationReason } from '../../../core/billing/index.js';
import type { AnalyticsTracker } from '../../../core/interface/index.js';
import { BILLING_NOT_INITIALIZED, domainError, NO_AUTHENTICATED_USER } from '../../../core/shared/index.js';
import { inMemoryAppWorld } from '../../support/in-memory-app-world.js';
import type { InMemoryAppWorld } from '../../support/in-memory-app-world.js';

const SUCCESS_URL = 'https://ensemble.example/subscribe?checkout=success';

const useCases = (w: InMemoryAppWorld, analytics: AnalyticsTracker = w.analytics) => {
  const deps = { ...w, analytics };
  return {
    startCheckout: makeStartCheckout(deps),
    completeCheckout: makeCompleteCheckout(deps),
    cancel: makeCancelSubscription(deps),
    resume: makeResumeSubscription(deps),
    portal: makeOpenCustomerPortal(deps),
  };
};

/** A signed-in user who paid on the hosted checkout page. */
const subscribedWorld = async () => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  const uc = useCases(w);
  const checkout = await uc.startCheckout({ successUrl: SUCCESS_URL });
  if (!checkout.success) throw new Error(checkout.error.message);
  await w.billingGateway.completeCheckout(checkout.data.checkoutId);
  return { w, userId, uc, checkoutId: checkout.data.checkoutId };
};

describe('start checkout (app spec §7)', () => {
  it('app §7: answers the hosted checkout URL and pushes subscribe_initiated with user_id', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    const started = await useCases(w).startCheckout({ successUrl: SUCCESS_URL });
    expect(started).toEqual({ success: true, data: { checkoutId: expect.any(String), url: expect.stringMatching(/^https:\/\//) } });
    expect(w.analytics.events).toEqual([{ event: 'subscribe_initiated', user_id: userId }]);
  });

  it('a user with an active plan cannot open a second checkout (conflict, the portal is the way)', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    await w.subscribe(userId);
    const refused = await useCases(w).startCheckout({ successUrl: SUCCESS_URL });
    expect(refused.success ? 'opened' : refused.error.code).toBe('conflict');
    expect(w.analytics.events).toEqual([]);
  });

  it('app §7: a checkout that cannot be opened pushes subscribe_failed and answers the error', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    w.billingGateway.failures.failNext('createCheckout', domainError('network', 'provider unreachable'));
    const started = await useCases(w).startCheckout({ successUrl: SUCCESS_URL });
    expect(started).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(w.analytics.names()).toEqual(['subscribe_initiated', 'subscribe_failed']);
    expect(w.analytics.events[1]).toEqual({ event: 'subscribe_failed', user_id: userId });
    expect(w.logger.at('error')).toHaveLength(1);
  });

  it('app §8: No authenticated user when signed out, and nothing is pushed', async () => {
    const w = inMemoryAppWorld();
    const started = await useCases(w).startCheckout({ successUrl: SUCCESS_URL });
    expect(started).toEqual({ success: false, error: expect.objectContaining({ code: 'not_authenticated', message: NO_AUTHENTICATED_USER }) });
    expect(w.analytics.events).toEqual([]);
  });

  it('app §5: the success URL must be an http(s) URL', async () => {
    const w = inMemoryAppWorld();
    w.signIn();
    for (const successUrl of ['not a url', 'javascript:alert(1)', '']) {
      const started = await useCases(w).startCheckout({ successUrl });
      expect(started).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: 'Success URL must be an http(s) URL' }) });
    }
    expect(w.analytics.events).toEqual([]);
  });

  it('app §7, §8: a data layer that throws does not stop the checkout', async () => {
    const w = inMemoryAppWorld();
    w.signIn();
    const broken: AnalyticsTracker = {
      track: () => {
        throw new Error('dataLayer.push is not a function');
      },
    };
    const started = await useCases(w, broken).startCheckout({ successUrl: SUCCESS_URL });
    expect(started.success).toBe(true);
    expect(w.logger.at('warn').map((e) => e.message)).toEqual(['Analytics event was not recorded']);
  });
});

describe('checkout return (app spec §7)', () => {
  it('app §7: back from a paid checkout pushes subscribe_succeeded and answers the active subscription', async () => {
    const { w, userId, uc, checkoutId } = await subscribedWorld();
    const back = await uc.completeCheckout({ checkoutId });
    expect(back).toEqual({ success: true, data: { outcome: 'succeeded', subscription: expect.objectContaining({ status: 'active', cancelAtPeriodEnd: false }) } });
    expect(w.analytics.events.at(-1)).toEqual({ event: 'subscribe_succeeded', user_id: userId });
  });

  it('app §7: once per checkout: coming back again (a reload) pushes nothing more', async () => {
    const { w, uc, checkoutId } = await subscribedWorld();
    await uc.completeCheckout({ checkoutId });
    const again = await uc.completeCheckout({ checkoutId });
    expect(again.success && again.data.outcome).toBe('succeeded');
    expect(w.analytics.names().filter((n) => n === 'subscribe_succeeded')).toHaveLength(1);
  });

  it('app §7: a made-up checkout id, or another user\'s, pushes nothing', async () => {
    const { w, uc, checkoutId } = await subscribedWorld();
    const before = w.analytics.events.length;
    expect(await uc.completeCheckout({ checkoutId: 'chk_made_up' })).toEqual({ success: true, data: { outcome: 'unknown' } });
    w.signIn('grace@example.com');
    expect(await uc.completeCheckout({ checkoutId })).toEqual({ success: true, data: { outcome: 'unknown' } });
    expect(w.analytics.events.slice(before)).toEqual([]);
  });

  it('app §7: a checkout back after a declined card pushes subscribe_failed, once', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    const uc = useCases(w);
    const opened = await uc.startCheckout({ successUrl: SUCCESS_URL });
    if (!opened.success) throw new Error(opened.error.message);
    w.billingGateway.declineCheckout(opened.data.checkoutId);
    expect(await uc.completeCheckout({ checkoutId: opened.data.checkoutId })).toEqual({ success: true, data: { outcome: 'failed', status: 'open' } });
    await uc.completeCheckout({ checkoutId: opened.data.checkoutId });
    expect(w.analytics.events.filter((e) => e.event.startsWith('subscribe_'))).toEqual([
      { event: 'subscribe_initiated', user_id: userId },
      { event: 'subscribe_failed', user_id: userId },
    ]);
  });

  it('app §7: leaving the checkout without paying (back link, back button, expiry) is not a failed payment: nothing is pushed', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    const uc = useCases(w);
    const left = await uc.startCheckout({ successUrl: SUCCESS_URL });
    if (!left.success) throw new Error(left.error.message);
    expect(await uc.completeCheckout({ checkoutId: left.data.checkoutId })).toEqual({ success: true, data: { outcome: 'left', status: 'open' } });
    const expired = await uc.startCheckout({ successUrl: SUCCESS_URL });
    if (!expired.success) throw new Error(expired.error.message);
    w.billingGateway.expireCheckout(expired.data.checkoutId);
    expect(await uc.completeCheckout({ checkoutId: expired.data.checkoutId })).toEqual({ success: true, data: { outcome: 'left', status: 'expired' } });
    expect(w.analytics.events.filter((e) => e.event.startsWith('subscribe_'))).toEqual([
      { event: 'subscribe_initiated', user_id: userId },
      { event: 'subscribe_initiated', user_id: userId },
    ]);
  });

  it('app §7: a card declined, then another paid, is a failure then a success', async () => {
    const w = inMemoryAppWorld();
    w.signIn();
    const uc = useCases(w);
    const opened = await uc.startCheckout({ successUrl: SUCCESS_URL });
    if (!opened.success) throw new Error(opened.error.message);
    w.billingGateway.declineCheckout(opened.data.checkoutId);
    await uc.completeCheckout({ checkoutId: opened.data.checkoutId });
    await w.billingGateway.completeCheckout(opened.data.checkoutId);
    await uc.completeCheckout({ checkoutId: opened.data.checkoutId });
    expect(w.analytics.names()).toEqual(['subscribe_initiated', 'subscribe_failed', 'subscribe_succeeded']);
  });

  it('app §8: the provider cannot be asked: the error is answered and nothing is pushed', async () => {
    const { w, uc, checkoutId } = await subscribedWorld();
    const before = w.analytics.events.length;
    w.billingGateway.failures.failNext('getCheckout', domainError('network', 'unreachable'));
    const back = await uc.completeCheckout({ checkoutId });
    expect(back).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(w.analytics.events.slice(before)).toEqual([]);
    expect(w.logger.at('warn')).toHaveLength(1);
  });

  it('app §8: paid, but the state read fails: still succeeded, subscription unknown, a warning', async () => {
    const { w, uc, checkoutId } = await subscribedWorld();
    w.billingGateway.failures.failNext('getCustomerState', domainError('network', 'unreachable'));
    expect(await uc.completeCheckout({ checkoutId })).toEqual({ success: true, data: { outcome: 'succeeded', subscription: null } });
    expect(w.logger.at('warn')).toHaveLength(1);
  });

  it('app §5, §8: needs a checkout id and a signed-in user', async () => {
    const w = inMemoryAppWorld();
    expect((await useCases(w).completeCheckout({ checkoutId: 'chk_1' })).success).toBe(false);
    w.signIn();
    const missing = await useCases(w).completeCheckout({ checkoutId: ' ' });
    expect(missing).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: 'Checkout id is required' }) });
    expect(w.analytics.events).toEqual([]);
  });
});

describe('resume subscription (uncancel)', () => {
  it('a plan set to end renews again', async () => {
    const { uc, w, userId } = await subscribedWorld();
    await uc.cancel({ reason: 'unused' });
    const resumed = await uc.resume();
    expect(resumed).toEqual({ success: true, data: expect.objectContaining({ status: 'active', cancelAtPeriodEnd: false, endsAt: null }) });
    const state = await w.billingGateway.getCustomerState(userId);
    expect(state.success && state.data?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(false);
  });

  it('acts on the caller\'s own plan only: another user gets not_found and the plan stays cancelled', async () => {
    const { uc, w, userId } = await subscribedWorld();
    await uc.cancel({ reason: 'unused' });
    w.signIn('mallory@example.com');
    const refused = await uc.resume();
    expect(refused.success ? 'resumed' : refused.error.code).toBe('not_found');
    const state = await w.billingGateway.getCustomerState(userId);
    expect(state.success && state.data?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(true);
  });

  it('a plan that is not ending is a conflict; signed out is the spec\'s "No authenticated user"; billing off is "not initialized"', async () => {
    const { uc, w } = await subscribedWorld();
    expect(await uc.resume()).toMatchObject({ success: false, error: { code: 'conflict' } });
    w.billingGateway.setMode('unavailable');
    expect(await uc.resume()).toMatchObject({ success: false, error: { code: 'billing_not_initialized', message: BILLING_NOT_INITIALIZED } });
    await w.signOut();
    expect(await uc.resume()).toMatchObject({ success: false, error: { message: NO_AUTHENTICATED_USER } });
  });
});

describe('cancel subscription (app spec §4, §8; billing-api-part-b §3)', () => {
  it('app §4: cancelling sets cancelAtPeriodEnd with the reason; the subscription stays until period end', async () => {
    const { uc, w, userId } = await subscribedWorld();
    const canceled = await uc.cancel({ reason: 'too_expensive', comment: '  Too pricey for now  ' });
    expect(canceled).toEqual({
      success: true,
      data: expect.objectContaining({ status: 'active', cancelAtPeriodEnd: true, cancellationReason: 'too_expensive' }),
    });
    if (canceled.success) expect(canceled.data.endsAt).toBe(canceled.data.currentPeriodEnd);
    const state = await w.billingGateway.getCustomerState(userId);
    expect(state.success && state.data?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(true);
  });

  it('billing-api-part-b §3: each of the eight reasons is accepted; the comment is optional', async () => {
    expect(CANCELLATION_REASONS).toHaveLength(8);
    for (const reason of CANCELLATION_REASONS) {
      const { uc } = await subscribedWorld();
      expect((await uc.cancel({ reason })).success).toBe(true);
    }
  });

  it('billing-api-part-b §3: any other reason is refused before the provider is called', async () => {
    const { uc, w, userId } = await subscribedWorld();
    const refused = await uc.cancel({ reason: 'bored' as CancellationReason });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: expect.stringContaining('Reason must be one of') }) });
    const state = await w.billingGateway.getCustomerState(userId);
    expect(state.success && state.data?.activeSubscriptions[0]?.cancelAtPeriodEnd).toBe(false);
  });

  it('app §5: a comment longer than 2000 characters is refused', async () => {
    const { uc } = await subscribedWorld();
    const refused = await uc.cancel({ reason: 'other', comment: 'x'.repeat(2001) });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
  });

  it('app §8: Billing provider SDK is not initialized when the client is missing', async () => {
    const { uc, w } = await subscribedWorld();
    w.billingGateway.setMode('not_initialized');
    const refused = await uc.cancel({ reason: 'other' });
    expect(refused).toEqual({ success: false, error: expect.objectContaining({ code: 'billing_not_initialized', message: BILLING_NOT_INITIALIZED }) });
  });

  it('app §6, §8: a client disabled by a rejected token is "not initialized" too, with a warning', async () => {
    const { uc, w } = await subscribedWorld();
    w.billingGateway.setMode('unavailable');
    const refused = await uc.cancel({ reason: 'other' });
    expect(refused).toEqual({
      success: false,
      error: { code: 'billing_not_initialized', message: BILLING_NOT_INITIALIZED, details: { cause: 'billing_unavailable' } },
    });
    expect(w.logger.at('warn')).toHaveLength(1);
  });

  it('billing-api-part-b §5: cancelling twice answers the conflict', async () => {
    const { uc, w } = await subscribedWorld();
    await uc.cancel({ reason: 'unused' });
    const again = await uc.cancel({ reason: 'unused' });
    expect(again).toEqual({ success: false, error: expect.objectContaining({ code: 'conflict' }) });
    // The user's own situation, not a fault: an info line, no error line.
    expect(w.logger.at('error')).toEqual([]);
    expect(w.logger.at('info').map((e) => [e.message, e.context?.['code']])).toContainEqual(['Could not cancel the subscription', 'conflict']);
  });

  it('app §8: No authenticated user when signed out', async () => {
    const { uc, w } = await subscribedWorld();
    await w.signOut();
    expect(await uc.cancel({ reason: 'other' })).toEqual({ success: false, error: expect.objectContaining({ message: NO_AUTHENTICATED_USER }) });
  });
});

describe('customer portal', () => {
  it('answers the portal URL for a customer, with the return address', async () => {
    const { uc } = await subscribedWorld();
    const portal = await uc.portal({ returnUrl: 'https://ensemble.example/chat' });
    expect(portal).toEqual({ success: true, data: { url: expect.stringContaining('return_url=https%3A%2F%2Fensemble.example%2Fchat') } });
  });

  it('not_found for a user who never subscribed; No authenticated user when signed out', async () => {
    const w = inMemoryAppWorld();
    expect(await useCases(w).portal()).toEqual({ success: false, error: expect.objectContaining({ message: NO_AUTHENTICATED_USER }) });
    w.signIn();
    expect(await useCases(w).portal()).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(w.logger.at('error')).toEqual([]);
    expect(w.logger.at('info').map((e) => [e.message, e.context?.['code']])).toEqual([['Could not open the customer portal', 'not_found']]);
  });

  it('app §5: the return URL must be an http(s) URL', async () => {
    const { uc } = await subscribedWorld();
    expect(await uc.portal({ returnUrl: 'ftp://x' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
  });
});
