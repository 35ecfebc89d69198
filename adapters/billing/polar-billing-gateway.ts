import { CHECKOUT_STATUSES, DISCOUNT_DURATIONS, toSubscriptionSummary, type DiscountDuration, type CancellationReason, type CheckoutSession, type CheckoutState, type CheckoutStatus, type CustomerState, type PlanDiscount, type PlanProduct, type PortalSession, type SubscriptionSummary } from '../../core/billing/index.js';
import type { BillingGateway } from '../../core/billing/index.js';
import type { Logger } from '../../core/shared/index.js';
import { domainError, type DomainError, fail, ok, type Result } from '../../core/shared/index.js';
import type { BillingClient, BillingError } from '@ensemble/billing-client';
import { toDomainError } from './polar-error-mapping.js';

export interface PolarBillingGatewayConfig {
  readonly client: Pick<BillingClient, 'products' | 'discounts' | 'checkouts' | 'subscriptions' | 'customerSessions' | 'customers' | 'payments'>;
  /** The one paid plan (app spec §7: "one fixed plan product"). */
  readonly planProductId: string;
  /** The one discount, or null when none is offered. */
  readonly discountId: string | null;
  readonly logger: Logger;
}

type Subscription = {
  id: string;
  status: string;
  productId: string;
  amount: number;
  currency: string;
  currentPeriodStart: string;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  endsAt: string | null;
  customerCancellationReason?: string | null;
};

/** The provider's subscription as the product's summary: its cancellation reason is `customerCancellationReason` there. */
const summary = (s: Subscription): SubscriptionSummary => toSubscriptionSummary({ ...s, cancellationReason: s.customerCancellationReason ?? null });

/**
 * The BillingGateway port on the Polar API (server side). Every call acts for one user, whose id is
 * the billing customer's external id, so a user only ever reaches their own customer.
 */
export class PolarBillingGateway implements BillingGateway {
  constructor(private readonly config: PolarBillingGatewayConfig) {}

  async getPlanProduct(): Promise<Result<PlanProduct>> {
    const answer = await this.config.client.products.get({ id: this.config.planProductId });
    if (!answer.success) return this.failed('getPlanProduct', answer.error);
    const product = answer.data;
    const fixed = product.prices.find((p) => !p.isArchived && p.amountType === 'fixed');
    const anyPrice = fixed ?? product.prices.find((p) => !p.isArchived);
    const interval = product.recurringInterval;
    return ok({
      id: product.id,
      name: product.name,
      description: product.description,
      recurringInterval: interval === 'month' ? 'month' : interval === 'year' ? 'year' : null,
      priceAmount: fixed !== undefined && 'priceAmount' in fixed ? fixed.priceAmount : null,
      priceCurrency: anyPrice?.priceCurrency ?? null,
      benefits: product.benefits.map((b) => b.id),
    });
  }

  async getPlanDiscount(): Promise<Result<PlanDiscount | null>> {
    if (this.config.discountId === null) return ok(null);
    const answer = await this.config.client.discounts.get({ id: this.config.discountId });
    if (!answer.success) return this.failed('getPlanDiscount', answer.error);
    const d = answer.data;
    return ok({
      id: d.id,
      name: d.name,
      code: d.code,
      // `type` is an open enum: a kind added later has neither (its keys are checked, not only its name)
      basisPoints: d.type === 'percentage' && 'basisPoints' in d ? d.basisPoints : null,
      amount: d.type === 'fixed' && 'amount' in d ? d.amount : null,
      // `duration` is an open enum too: a kind added later is left out rather than guessed.
      ...(isKnownDuration(d.duration) ? { duration: d.duration, durationInMonths: d.duration === 'repeating' && 'durationInMonths' in d ? (d.durationInMonths ?? null) : null } : {}),
    });
  }

  async createCheckout(input: { userId: string; email: string | null; successUrl: string; returnUrl?: string }): Promise<Result<CheckoutSession>> {
    const answer = await this.config.client.checkouts.create({
      products: [this.config.planProductId],
      externalCustomerId: input.userId,
      customerEmail: input.email,
      successUrl: input.successUrl,
      ...(input.returnUrl === undefined ? {} : { returnUrl: input.returnUrl }),
      ...(this.config.discountId === null ? {} : { discountId: this.config.discountId }),
    });
    if (!answer.success) return this.failed('createCheckout', answer.error);
    return ok({ id: answer.data.id, url: answer.data.url });
  }

  /**
   * The checkout as the provider has it, if it is this user's: checkouts are opened with the user's
   * id as external customer id, so anyone else's reads as none. A malformed id (422 on the path)
   * and an unknown one (404) are none too: the id came from a URL anyone can type.
   */
  async getCheckout(input: { userId: string; checkoutId: string }): Promise<Result<CheckoutState | null>> {
    const answer = await this.config.client.checkouts.get({ id: input.checkoutId });
    if (!answer.success) {
      if (answer.error.kind === 'http_validation') return ok(null);
      if (answer.error.kind === 'provider' && answer.error.error === 'ResourceNotFound') return ok(null);
      return this.failed('getCheckout', answer.error);
    }
    const checkout = answer.data;
    if (checkout.externalCustomerId !== input.userId) return ok(null);
    const status = knownStatus(checkout.status);
    if (status !== 'open' && status !== 'expired') return ok({ id: checkout.id, status, declined: status === 'failed' });
    // A declined card leaves the checkout open, as going back without paying does: its failed
    // payment (the provider records one per refused attempt) tells the two apart.
    const failed = await this.config.client.payments.list({ checkoutId: checkout.id, status: 'failed', limit: 1 });
    if (!failed.success) return this.failed('getCheckout', failed.error);
    return ok({ id: checkout.id, status, declined: failed.data.items.length > 0 });
  }

  /** Uncancel: the user's subscription set to end is set to renew again. */
  async resumeSubscription(input: { userId: string }): Promise<Result<SubscriptionSummary>> {
    const found = await this.config.client.subscriptions.list({ externalCustomerId: input.userId, active: true, limit: 100 });
    if (!found.success) return this.failed('resumeSubscription', found.error);
    const own = found.data.items.filter((s) => s.customer.externalId === input.userId);
    if (own.length === 0) return fail(domainError('not_found', 'No active subscription to resume'));
    const target = own.find((s) => s.cancelAtPeriodEnd);
    if (target === undefined) return fail(domainError('conflict', 'The subscription is not set to end'));
    const answer = await this.config.client.subscriptions.update({ id: target.id, subscriptionUpdate: { cancelAtPeriodEnd: false } });
    if (!answer.success) return this.failed('resumeSubscription', answer.error);
    return ok(summary(answer.data));
  }

  async cancelSubscription(input: {
    userId: string;
    reason: CancellationReason;
    comment: string | null;
  }): Promise<Result<SubscriptionSummary>> {
    const found = await this.config.client.subscriptions.list({ externalCustomerId: input.userId, active: true, limit: 100 });
    if (!found.success) return this.failed('cancelSubscription', found.error);
    // Only the user's own subscription: the list is filtered by their external id, checked again here.
    const own = found.data.items.filter((s) => s.customer.externalId === input.userId || s.customer.externalId === undefined);
    const target = own.find((s) => !s.cancelAtPeriodEnd) ?? own[0];
    if (target === undefined) return fail(domainError('not_found', 'No active subscription to cancel'));
    const answer = await this.config.client.subscriptions.update({
      id: target.id,
      subscriptionUpdate: { cancelAtPeriodEnd: true, customerCancellationReason: input.reason, customerCancellationComment: input.comment },
    });
    if (!answer.success) return this.failed('cancelSubscription', answer.error);
    return ok(summary(answer.data));
  }

  async createPortalSession(input: { userId: string; returnUrl?: string }): Promise<Result<PortalSession>> {
    const answer = await this.config.client.customerSessions.create({
      externalCustomerId: input.userId,
      ...(input.returnUrl === undefined ? {} : { returnUrl: input.returnUrl }),
    });
    if (!answer.success) {
      // "Customer does not exist." arrives as a 422 on the customer id (reference §4).
      if (answer.error.kind === 'http_validation') {
        return fail(domainError('not_found', 'No billing customer for this user', { provider: answer.error.message }));
      }
      return this.failed('createPortalSession', answer.error);
    }
    return ok({ url: answer.data.customerPortalUrl });
  }

  async getCustomerState(userId: string): Promise<Result<CustomerState | null>> {
    const answer = await this.config.client.customers.getStateExternal({ externalId: userId });
    if (!answer.success) {
      if (answer.error.kind === 'provider' && answer.error.error === 'ResourceNotFound') return ok(null);
      return this.failed('getCustomerState', answer.error);
    }
    const state = answer.data;
    return ok({
      customerId: state.id,
      externalId: state.externalId ?? null,
      email: state.email ?? '',
      activeSubscriptions: state.activeSubscriptions.map((s) => summary(s)),
      grantedBenefitIds: state.grantedBenefits.map((g) => g.benefitId),
      meters: state.activeMeters.map((m) => ({
        meterId: m.meterId,
        consumedUnits: m.consumedUnits,
        creditedUnits: m.creditedUnits,
        balance: m.balance,
      })),
    });
  }

  private failed(operation: string, error: BillingError): Result<never, DomainError> {
    const mapped = toDomainError(error);
    const context = { operation, kind: error.kind, message: error.message };
    // A rejected token disables billing features and is logged as a warning.
    if (mapped.code === 'billing_unavailable' && mapped.details?.['reason'] === 'invalid_token') {
      this.config.logger.warn('Billing provider rejected the access token', context);
    } else if (mapped.code === 'billing_unavailable' || mapped.code === 'unexpected' || mapped.code === 'network') {
      this.config.logger.error('Billing provider call failed', context);
    }
    return fail(mapped);
  }
}

/** A status this adapter does not know yet is not a payment: it reads as still open. */
const knownStatus = (status: string): CheckoutStatus =>
  (CHECKOUT_STATUSES as readonly string[]).includes(status) ? (status as CheckoutStatus) : 'open';

const isKnownDuration = (duration: string): duration is DiscountDuration => (DISCOUNT_DURATIONS as readonly string[]).includes(duration);
