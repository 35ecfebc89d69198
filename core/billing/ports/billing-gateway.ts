import type {
  CancellationReason,
  CheckoutSession,
  CheckoutState,
  CustomerState,
  PlanDiscount,
  PlanProduct,
  PortalSession,
  SubscriptionSummary,
} from '../domain/billing.js';
import type { Result } from '../../shared/index.js';

/**
 * The billing provider as the app needs it. On the server: the Polar client. In the browser: the
 * app server's /api/billing (the browser never holds a billing token). Failures: `billing_unavailable`
 * (no or invalid token, provider down), `billing_not_initialized`, `not_found`, `forbidden`, `conflict`.
 */
export interface BillingGateway {
  getPlanProduct(): Promise<Result<PlanProduct>>;
  /** `null` when no discount is configured. */
  getPlanDiscount(): Promise<Result<PlanDiscount | null>>;
  /** `returnUrl`: where the checkout's back link leads (the user leaves without paying). */
  createCheckout(input: { userId: string; email: string | null; successUrl: string; returnUrl?: string }): Promise<Result<CheckoutSession>>;
  /**
   * One of the user's own checkouts; `null` when the provider has no checkout of that id for this
   * user (an unknown or malformed id, or someone else's checkout: both read the same).
   */
  getCheckout(input: { userId: string; checkoutId: string }): Promise<Result<CheckoutState | null>>;
  cancelSubscription(input: {
    userId: string;
    reason: CancellationReason;
    comment: string | null;
  }): Promise<Result<SubscriptionSummary>>;
  /**
   * Undoes a cancellation at period end: the user's plan renews again. `not_found` without an
   * active subscription, `conflict` when it is not set to end.
   */
  resumeSubscription(input: { userId: string }): Promise<Result<SubscriptionSummary>>;
  createPortalSession(input: { userId: string; returnUrl?: string }): Promise<Result<PortalSession>>;
  /** `null` when the user has no billing customer yet. */
  getCustomerState(userId: string): Promise<Result<CustomerState | null>>;
}
