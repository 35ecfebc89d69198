import type { z } from 'zod';
import type { CancellationReason, CheckoutSession, CheckoutState, CustomerState, PlanDiscount, PlanProduct, PortalSession, SubscriptionSummary, BillingGateway } from '../../core/billing/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { ApiClient, type ApiClientOptions } from './api-client.js';
import { billingStateAnswer, checkoutAnswer, checkoutStateAnswer, planAnswer, portalAnswer, subscriptionAnswer } from '../api-contract/api-contract.js';

const plan = planAnswer;

const parsed = <S extends z.ZodType>(schema: S, value: unknown, what: string): Result<z.output<S>> => {
  const checked = schema.safeParse(value);
  return checked.success ? ok(checked.data) : fail(domainError('unexpected', `The app server sent an unexpected ${what}`, { issues: checked.error.issues.map((i) => i.message) }));
};

/**
 * BillingGateway in the browser: the app server's /api/billing, which acts for the signed-in user
 * (the token's user). The `userId` arguments are ignored on purpose: the server never lets one
 * user act on another's customer, whatever the browser sends.
 */
export class ApiBillingGateway implements BillingGateway {
  private readonly api: ApiClient;
  private planRequest: { at: number; answer: Promise<Result<z.output<typeof plan>>> } | null = null;

  constructor(options: ApiClientOptions & { now?: () => number }) {
    this.api = new ApiClient(options);
    this.now = options.now ?? Date.now;
  }

  private readonly now: () => number;

  /** Product and discount come from one call; both reads at start share it. */
  private plan(): Promise<Result<z.output<typeof plan>>> {
    if (this.planRequest && this.now() - this.planRequest.at < 10_000) return this.planRequest.answer;
    const answer = this.api.json<unknown>('/api/billing/plan').then((r) => (r.success ? parsed(plan, r.data, 'plan') : r));
    this.planRequest = { at: this.now(), answer };
    return answer;
  }

  async getPlanProduct(): Promise<Result<PlanProduct>> {
    const p = await this.plan();
    if (!p.success) return p;
    if (!p.data.available || p.data.productId === null) return fail(domainError('billing_unavailable', 'Billing is unavailable right now'));
    return ok({
      id: p.data.productId,
      name: p.data.name ?? '',
      description: p.data.description,
      recurringInterval: p.data.recurringInterval,
      priceAmount: p.data.priceAmount,
      priceCurrency: p.data.currency,
      benefits: p.data.benefits,
    });
  }

  async getPlanDiscount(): Promise<Result<PlanDiscount | null>> {
    const p = await this.plan();
    if (!p.success) return p;
    if (!p.data.available) return fail(domainError('billing_unavailable', 'Billing is unavailable right now'));
    return ok(p.data.discount);
  }

  async createCheckout(input: { userId: string; email: string | null; successUrl: string; returnUrl?: string }): Promise<Result<CheckoutSession>> {
    const json = input.returnUrl === undefined ? { successUrl: input.successUrl } : { successUrl: input.successUrl, returnUrl: input.returnUrl };
    const r = await this.api.json<unknown>('/api/billing/checkout', { method: 'POST', json });
    if (!r.success) return r;
    const body = parsed(checkoutAnswer, r.data, 'checkout');
    return body.success ? ok({ id: body.data.checkoutId, url: body.data.url }) : body;
  }

  /** The server answers 404 for a checkout that is not the caller's: the port's `null`. */
  async getCheckout(input: { userId: string; checkoutId: string }): Promise<Result<CheckoutState | null>> {
    const r = await this.api.json<unknown>(`/api/billing/checkouts/${encodeURIComponent(input.checkoutId)}`);
    if (!r.success) return r.error.code === 'not_found' ? ok(null) : r;
    const body = parsed(checkoutStateAnswer, r.data, 'checkout');
    return body.success ? ok(body.data.checkout) : body;
  }

  async resumeSubscription(_input: { userId: string }): Promise<Result<SubscriptionSummary>> {
    const r = await this.api.json<unknown>('/api/billing/subscription/resume', { method: 'POST', json: {} });
    if (!r.success) return r;
    const body = parsed(subscriptionAnswer, r.data, 'subscription');
    return body.success ? ok(body.data.subscription) : body;
  }

  async cancelSubscription(input: { userId: string; reason: CancellationReason; comment: string | null }): Promise<Result<SubscriptionSummary>> {
    const r = await this.api.json<unknown>('/api/billing/subscription/cancel', { method: 'POST', json: { reason: input.reason, comment: input.comment } });
    if (!r.success) return r;
    const body = parsed(subscriptionAnswer, r.data, 'subscription');
    return body.success ? ok(body.data.subscription) : body;
  }

  async createPortalSession(input: { userId: string; returnUrl?: string }): Promise<Result<PortalSession>> {
    const r = await this.api.json<unknown>('/api/billing/portal', { method: 'POST', json: input.returnUrl ? { returnUrl: input.returnUrl } : {} });
    if (!r.success) return r;
    return parsed(portalAnswer, r.data, 'portal session');
  }

  async getCustomerState(_userId: string): Promise<Result<CustomerState | null>> {
    const r = await this.api.json<unknown>('/api/billing/state');
    if (!r.success) return r;
    const body = parsed(billingStateAnswer, r.data, 'customer state');
    return body.success ? ok(body.data.customer) : body;
  }
}
