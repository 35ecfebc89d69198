import { z } from 'zod';
import type { CheckoutStatus, SubscriptionSummary } from '../domain/billing.js';
import { REPORTED_CHECKOUTS_KEY, outcomeOf, parseReported, wasReported, withReported, type CheckoutOutcome } from '../domain/checkout-reports.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { type KeyValueStore, trackSafely, type TrackingDeps } from '../../interface/index.js';
import { parseInput, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({
  checkoutId: z.string({ error: 'Checkout id is required' }).trim().min(1, 'Checkout id is required').max(200, 'Checkout id is too long'),
});

export type CheckoutReturn =
  /** Paid. The subscription, when the webhook that activates it has arrived (else null: the UI polls). */
  | { readonly outcome: 'succeeded'; readonly subscription: SubscriptionSummary | null }
  /** Not paid: a payment was tried and failed (a declined card), then the visitor came back. */
  | { readonly outcome: 'failed'; readonly status: CheckoutStatus }
  /** Not paid, and no payment tried: the visitor went back from the checkout (or let it expire). */
  | { readonly outcome: 'left'; readonly status: CheckoutStatus }
  /** Confirmed, the payment still running: ask again in a moment. */
  | { readonly outcome: 'pending' }
  /** Not a checkout of this user's (made up, someone else's): nothing to say, nothing pushed. */
  | { readonly outcome: 'unknown' };

/**
 * The browser is back from the hosted checkout (its success URL, its back link, or the browser's
 * back button). The provider, asked by the server, says what happened to the checkout; the URL
 * alone proves nothing (anyone can type `?checkout_id=…`). app spec §7: subscribe_succeeded for a
 * paid checkout, subscribe_failed for one whose payment failed, each once per checkout in this
 * browser (a reload of the return page pushes nothing again). Leaving the checkout without paying
 * is not a failed payment and pushes nothing.
 */
export const makeCompleteCheckout =
  (deps: TrackingDeps & { currentUser: CurrentUser; billingGateway: BillingGateway; keyValueStore: KeyValueStore }) =>
  async (input: { checkoutId: string }): Promise<Result<CheckoutReturn>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const { checkoutId } = valid.data;
    const checkout = await deps.billingGateway.getCheckout({ userId: user.data.id, checkoutId });
    if (!checkout.success) {
      deps.logger.warn('Could not read the checkout back', { checkoutId, error: checkout.error });
      return checkout;
    }
    if (checkout.data === null) {
      deps.logger.warn('Back from a checkout that is not this user’s', { checkoutId });
      return ok({ outcome: 'unknown' });
    }
    const outcome = outcomeOf(checkout.data);
    if (outcome === 'pending') return ok({ outcome });
    if (outcome === 'left') return ok({ outcome, status: checkout.data.status });
    reportOnce(deps, user.data.id, checkoutId, outcome);
    if (outcome === 'failed') return ok({ outcome, status: checkout.data.status });
    const state = await deps.billingGateway.getCustomerState(user.data.id);
    if (!state.success) {
      deps.logger.warn('Could not read the subscription after checkout', { checkoutId, error: state.error });
      return ok({ outcome, subscription: null });
    }
    return ok({ outcome, subscription: state.data?.activeSubscriptions.find((s) => s.status === 'active') ?? null });
  };

function reportOnce(
  deps: TrackingDeps & { keyValueStore: KeyValueStore },
  userId: string,
  checkoutId: string,
  outcome: CheckoutOutcome,
): void {
  const reported = parseReported(deps.keyValueStore.get(REPORTED_CHECKOUTS_KEY));
  if (wasReported(reported, checkoutId, outcome)) return;
  trackSafely(deps, { event: outcome === 'succeeded' ? 'subscribe_succeeded' : 'subscribe_failed', user_id: userId });
  deps.keyValueStore.set(REPORTED_CHECKOUTS_KEY, JSON.stringify(withReported(reported, checkoutId, outcome)));
}
