import type {
  CancellationReason,
  CheckoutSession,
  CustomerState,
  PlanDiscount,
  PlanProduct,
  PortalSession,
  SubscriptionSummary,
} from '../domain/billing.js';
import type { Result } from '../shared/result.js';

/**
 * The billing provider as the app needs it. On the server: the Polar client. In the browser: the
 * app server's /api/billing (the browser never holds a billing token). Failures: `billing_unavailable`
 * (no or invalid token, provider down), `billing_not_initialized`, `not_found`, `forbidden`, `conflict`.
 */
export interface BillingGateway {
  getPlanProduct(): Promise<Result<PlanProduct>>;
  /** `null` when no discount is configured. */
  getPlanDiscount(): Promise<Result<PlanDiscount | null>>;
  createCheckout(input: { userId: string; email: string | null; successUrl: string }): Promise<Result<CheckoutSession>>;
  cancelSubscription(input: {
    userId: string;
    reason: CancellationReason;
    comment: string | null;
  }): Promise<Result<SubscriptionSummary>>;
  createPortalSession(input: { userId: string; returnUrl?: string }): Promise<Result<PortalSession>>;
  /** `null` when the user has no billing customer yet. */
  getCustomerState(userId: string): Promise<Result<CustomerState | null>>;
}
