import type { CancellationReason, CheckoutSession, CheckoutState, CustomerState, PlanDiscount, PlanProduct, PortalSession, SubscriptionSummary, BillingGateway } from '../../core/billing/index.js';
import type { Clock, Result } from '../../core/shared/index.js';
import { billingNotInitialized, domainError, fail, ok } from '../../core/shared/index.js';
import { toSubscriptionSummary } from '../../core/billing/index.js';
import { FailureInjector } from './failure-injector.js';

/**
 * 'unavailable' behaves like a rejected token (401 invalid_token); 'down' like a provider that times
 * out or fails (unreachable); 'not_initialized' like no client at all.
 */
export type BillingMode = 'ready' | 'unavailable' | 'down' | 'not_initialized';

export const DEFAULT_PLAN_PRODUCT: PlanProduct = {
  id: 'prod_ensemble_monthly',
  name: 'Ensemble Pro',
  description: 'Every model side by side, with a monthly credit allowance.',
  recurringInterval: 'month',
  priceAmount: 2500,
  priceCurrency: 'usd',
  benefits: ['benefit_monthly_credits'],
};

export const DEFAULT_PLAN_DISCOUNT: PlanDiscount = {
  id: 'disc_launch',
  name: 'Launch offer',
  code: 'LAUNCH20',
  basisPoints: 2000,
  amount: null,
};

export interface InMemoryBillingOptions {
  readonly product?: PlanProduct;
  readonly discount?: PlanDiscount | null;
  readonly mode?: BillingMode;
  readonly checkoutBaseUrl?: string;
  readonly portalBaseUrl?: string;
  readonly clock?: Clock;
}

interface Customer {
  readonly customerId: string;
  readonly userId: string;
  readonly email: string;
}

interface StoredSubscription extends SubscriptionSummary {
  readonly userId: string;
  readonly cancellationComment: string | null;
}

interface StoredCheckout extends CheckoutSession {
  readonly userId: string;
  readonly email: string | null;
  readonly successUrl: string;
  readonly returnUrl?: string;
  status: 'open' | 'succeeded' | 'expired';
  /** A card was declined on it (the checkout stays open). */
  declined?: boolean;
}

const addMonth = (date: Date): Date => {
  const next = new Date(date.getTime());
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
};

/** A billing provider in memory: one plan, hosted checkouts and portal as URLs, subscriptions per user. */
export class InMemoryBillingGateway implements BillingGateway {
  /** Makes the next call of an operation fail with a chosen error (unhappy paths without mocks). */
  readonly failures = new FailureInjector<keyof BillingGateway>();
  private mode: BillingMode;
  private readonly product: PlanProduct;
  private readonly discount: PlanDiscount | null;
  private readonly checkoutBaseUrl: string;
  private readonly portalBaseUrl: string;
  private readonly clock: Clock;
  private readonly customers = new Map<string, Customer>();
  private readonly subscriptions: StoredSubscription[] = [];
  private readonly checkouts = new Map<string, StoredCheckout>();
  private sequence = 0;

  constructor(options: InMemoryBillingOptions = {}) {
    this.mode = options.mode ?? 'ready';
    this.product = options.product ?? DEFAULT_PLAN_PRODUCT;
    this.discount = options.discount === undefined ? DEFAULT_PLAN_DISCOUNT : options.discount;
    this.checkoutBaseUrl = options.checkoutBaseUrl ?? 'https://billing.example.test/checkout';
    this.portalBaseUrl = options.portalBaseUrl ?? 'https://billing.example.test/portal';
    this.clock = options.clock ?? { now: () => new Date() };
  }

  /** Simulates a rejected token or a missing client, and back. */
  setMode(mode: BillingMode): void {
    this.mode = mode;
  }

  async getPlanProduct(): Promise<Result<PlanProduct>> {
    const injected = this.failures.take('getPlanProduct');
    if (injected) return fail(injected);
    return this.guard() ?? ok(this.product);
  }

  async getPlanDiscount(): Promise<Result<PlanDiscount | null>> {
    const injected = this.failures.take('getPlanDiscount');
    if (injected) return fail(injected);
    return this.guard() ?? ok(this.discount);
  }

  async createCheckout(input: { userId: string; email: string | null; successUrl: string; returnUrl?: string }): Promise<Result<CheckoutSession>> {
    const injected = this.failures.take('createCheckout');
    if (injected) return fail(injected);
    const blocked = this.guard();
    if (blocked) return blocked;
    const id = this.nextId('chk');
    const checkout: StoredCheckout = { id, url: `${this.checkoutBaseUrl}/${id}`, status: 'open', ...input };
    this.checkouts.set(id, checkout);
    return ok({ id, url: checkout.url });
  }

  async getCheckout(input: { userId: string; checkoutId: string }): Promise<Result<CheckoutState | null>> {
    const injected = this.failures.take('getCheckout');
    if (injected) return fail(injected);
    const blocked = this.guard();
    if (blocked) return blocked;
    const checkout = this.checkouts.get(input.checkoutId);
    // Someone else's checkout reads like one that does not exist.
    if (!checkout || checkout.userId !== input.userId) return ok(null);
    return ok({ id: checkout.id, status: checkout.status, declined: checkout.declined === true });
  }

  /** What a declined card does on the hosted checkout page: nothing is paid, the checkout stays open. */
  declineCheckout(checkoutId: string): Result<void> {
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) return fail(domainError('not_found', `Checkout ${checkoutId} does not exist`));
    checkout.declined = true;
    return ok(undefined);
  }

  /** A checkout left open past its lifetime (24 hours at the provider). */
  expireCheckout(checkoutId: string): Result<void> {
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) return fail(domainError('not_found', `Checkout ${checkoutId} does not exist`));
    if (checkout.status === 'open') checkout.status = 'expired';
    return ok(undefined);
  }

  /** What paying on the hosted checkout page does: the user becomes a customer with an active subscription. */
  async completeCheckout(checkoutId: string): Promise<Result<SubscriptionSummary>> {
    const checkout = this.checkouts.get(checkoutId);
    if (!checkout) return fail(domainError('not_found', `Checkout ${checkoutId} does not exist`));
    if (checkout.status !== 'open') return fail(domainError('conflict', `Checkout is ${checkout.status}`));
    checkout.status = 'succeeded';
    const customer = this.customerFor(checkout.userId, checkout.email);
    const start = this.clock.now();
    const subscription: StoredSubscription = {
      id: this.nextId('sub'),
      userId: customer.userId,
      status: 'active',
      productId: this.product.id,
      amount: this.product.priceAmount ?? 0,
      currency: this.product.priceCurrency ?? 'usd',
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: addMonth(start).toISOString(),
      cancelAtPeriodEnd: false,
      endsAt: null,
      cancellationReason: null,
      cancellationComment: null,
    };
    this.subscriptions.push(subscription);
    return ok(toSubscriptionSummary(subscription));
  }

  async cancelSubscription(input: {
    userId: string;
    reason: CancellationReason;
    comment: string | null;
  }): Promise<Result<SubscriptionSummary>> {
    const injected = this.failures.take('cancelSubscription');
    if (injected) return fail(injected);
    const blocked = this.guard();
    if (blocked) return blocked;
    const index = this.subscriptions.findIndex((s) => s.userId === input.userId && s.status === 'active');
    const current = this.subscriptions[index];
    if (!current) return fail(domainError('not_found', 'No active subscription to cancel'));
    if (current.cancelAtPeriodEnd) return fail(domainError('conflict', 'Subscription is already canceled'));
    const canceled: StoredSubscription = {
      ...current,
      cancelAtPeriodEnd: true,
      endsAt: current.currentPeriodEnd,
      cancellationReason: input.reason,
      cancellationComment: input.comment,
    };
    this.subscriptions[index] = canceled;
    return ok(toSubscriptionSummary(canceled));
  }

  async resumeSubscription(input: { userId: string }): Promise<Result<SubscriptionSummary>> {
    const injected = this.failures.take('resumeSubscription');
    if (injected) return fail(injected);
    const blocked = this.guard();
    if (blocked) return blocked;
    const index = this.subscriptions.findIndex((s) => s.userId === input.userId && s.status === 'active');
    const current = this.subscriptions[index];
    if (!current) return fail(domainError('not_found', 'No active subscription to resume'));
    if (!current.cancelAtPeriodEnd) return fail(domainError('conflict', 'Subscription is not set to end'));
    const resumed: StoredSubscription = { ...current, cancelAtPeriodEnd: false, endsAt: null, cancellationReason: null, cancellationComment: null };
    this.subscriptions[index] = resumed;
    return ok(toSubscriptionSummary(resumed));
  }

  async createPortalSession(input: { userId: string; returnUrl?: string }): Promise<Result<PortalSession>> {
    const injected = this.failures.take('createPortalSession');
    if (injected) return fail(injected);
    const blocked = this.guard();
    if (blocked) return blocked;
    const customer = this.customers.get(input.userId);
    if (!customer) return fail(domainError('not_found', 'No billing customer for this user'));
    const token = this.nextId('cst');
    const back = input.returnUrl ? `&return_url=${encodeURIComponent(input.returnUrl)}` : '';
    return ok({ url: `${this.portalBaseUrl}/${customer.customerId}?customer_session_token=${token}${back}` });
  }

  async getCustomerState(userId: string): Promise<Result<CustomerState | null>> {
    const injected = this.failures.take('getCustomerState');
    if (injected) return fail(injected);
    const blocked = this.guard();
    if (blocked) return blocked;
    const customer = this.customers.get(userId);
    if (!customer) return ok(null);
    const active = this.subscriptions.filter((s) => s.userId === userId && s.status === 'active').map(toSubscriptionSummary);
    return ok({
      customerId: customer.customerId,
      externalId: userId,
      email: customer.email,
      activeSubscriptions: active,
      grantedBenefitIds: active.length > 0 ? [...this.product.benefits] : [],
      meters: [],
    });
  }

  private guard(): Result<never> | null {
    if (this.mode === 'unavailable') {
      return fail(domainError('billing_unavailable', 'Billing is unavailable: the access token was rejected', { status: 401, error: 'invalid_token' }));
    }
    if (this.mode === 'down') return fail(domainError('billing_unavailable', 'Billing is unavailable: the provider did not answer in time', { kind: 'timeout', reason: 'unreachable', retryable: true }));
    if (this.mode === 'not_initialized') return fail(billingNotInitialized());
    return null;
  }

  private customerFor(userId: string, email: string | null): Customer {
    const existing = this.customers.get(userId);
    if (existing) return existing;
    const customer = { customerId: this.nextId('cus'), userId, email: email ?? `${userId}@customers.example.test` };
    this.customers.set(userId, customer);
    return customer;
  }

  private nextId(prefix: string): string {
    this.sequence += 1;
    return `${prefix}_${String(this.sequence).padStart(6, '0')}`;
  }
}
