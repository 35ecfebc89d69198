/** The eight cancellation reasons of billing-api-part-b §3. */
export const CANCELLATION_REASONS = [
  'customer_service',
  'low_quality',
  'missing_features',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
  'other',
] as const;
export type CancellationReason = (typeof CANCELLATION_REASONS)[number];

export interface PlanDiscount {
  readonly id: string;
  readonly name: string;
  readonly code: string | null;
  /** Percentage discounts only carry basis points; fixed ones carry an amount. */
  readonly basisPoints: number | null;
  readonly amount: number | null;
  /**
   * How long it lowers the price: the first payment (`once`), every payment (`forever`) or the
   * first `durationInMonths` months (`repeating`). Absent when the provider names a kind we do not know.
   */
  readonly duration?: DiscountDuration;
  readonly durationInMonths?: number | null;
}

export const DISCOUNT_DURATIONS = ['once', 'forever', 'repeating'] as const;
export type DiscountDuration = (typeof DISCOUNT_DURATIONS)[number];

/** The one paid plan as the billing provider describes it (app spec §3 "App payment context"). */
export interface PlanProduct {
  readonly id: string;
  readonly name: string;
  readonly description: string | null;
  readonly recurringInterval: 'month' | 'year' | null;
  /** Price in minor units, or null when the product has no fixed price. */
  readonly priceAmount: number | null;
  readonly priceCurrency: string | null;
  readonly benefits: readonly string[];
}

export interface CheckoutSession {
  readonly id: string;
  readonly url: string;
}

/** A checkout's statuses at the provider (billing reference §4): only `succeeded` is paid. */
export const CHECKOUT_STATUSES = ['open', 'expired', 'confirmed', 'succeeded', 'failed'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** What the provider says about one of the user's checkouts, read back when the browser returns. */
export interface CheckoutState {
  readonly id: string;
  readonly status: CheckoutStatus;
  /**
   * A payment was tried on it and refused (a declined card). The provider leaves such a checkout
   * `open`, as it leaves one nobody paid: this tells the two apart.
   */
  readonly declined: boolean;
}

export interface PortalSession {
  readonly url: string;
}

export interface SubscriptionSummary {
  readonly id: string;
  readonly status: string;
  readonly productId: string;
  readonly amount: number;
  readonly currency: string;
  readonly currentPeriodStart: string;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
  readonly endsAt: string | null;
  readonly cancellationReason: string | null;
}

/**
 * A subscription's summary: its summary fields and nothing else of the record it is read from (a
 * stored user id or comment, a provider's own fields). Every adapter that answers with a summary
 * builds it here.
 */
export const toSubscriptionSummary = (s: SubscriptionSummary): SubscriptionSummary => ({
  id: s.id,
  status: s.status,
  productId: s.productId,
  amount: s.amount,
  currency: s.currency,
  currentPeriodStart: s.currentPeriodStart,
  currentPeriodEnd: s.currentPeriodEnd,
  cancelAtPeriodEnd: s.cancelAtPeriodEnd,
  endsAt: s.endsAt,
  cancellationReason: s.cancellationReason,
});

export interface CustomerState {
  readonly customerId: string;
  readonly externalId: string | null;
  readonly email: string;
  readonly activeSubscriptions: readonly SubscriptionSummary[];
  readonly grantedBenefitIds: readonly string[];
  readonly meters: readonly { meterId: string; consumedUnits: number; creditedUnits: number; balance: number }[];
}
