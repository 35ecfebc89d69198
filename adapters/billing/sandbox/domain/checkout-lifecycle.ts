import { named, type ProviderFailure, type RuleResult } from './provider-failure.js';
import { fail, ok } from '../../../../core/shared/result.js';

/**
 * Checkout statuses and their moves (reference §4 "Checkout"):
 * open -> confirmed (confirm) -> succeeded (payment ok) | open again (payment failed);
 * open -> expired once `expires_at` is past (cron or any update). Nothing leaves succeeded or expired.
 */
export type CheckoutStatus = 'open' | 'expired' | 'confirmed' | 'succeeded' | 'failed';

/** `CHECKOUT_TTL_SECONDS`: 24 h. */
export const CHECKOUT_TTL_MS = 24 * 60 * 60 * 1000;

export const expiresAtFor = (createdAt: Date): Date => new Date(createdAt.getTime() + CHECKOUT_TTL_MS);

/** The provider's `is_expired`: past `expires_at`, whatever the status (public calls answer 410). */
export const isPastExpiry = (expiresAt: string, now: Date): boolean => new Date(expiresAt).getTime() < now.getTime();

/** Only open checkouts flip to `expired` (and send `checkout.expired`). */
export const shouldExpire = (checkout: { status: string; expires_at: string }, now: Date): boolean =>
  checkout.status === 'open' && isPastExpiry(checkout.expires_at, now);

export const expiredCheckoutError = (): ProviderFailure =>
  named(410, 'ExpiredCheckoutError', 'This checkout session has expired.');

export const notOpenCheckout = (id: string, status: string): ProviderFailure =>
  named(403, 'NotOpenCheckout', `Checkout ${id} is not open: ${status}`);

export const alreadyActiveSubscription = (): ProviderFailure =>
  named(403, 'AlreadyActiveSubscriptionError', 'You already have an active subscription.');

/** Updates and confirms need an open checkout. */
export function requireOpen(checkout: { id: string; status: string }): RuleResult<void> {
  return checkout.status === 'open' ? ok(undefined) : fail(notOpenCheckout(checkout.id, checkout.status));
}

/** Where a payment outcome moves a confirmed checkout (`handle_success` / `handle_failure`). */
export function afterPayment(status: string, succeeded: boolean): CheckoutStatus {
  if (status === 'expired' || status === 'succeeded' || status === 'failed') return status;
  return succeeded ? 'succeeded' : 'open';
}

/** `success_url` with `{CHECKOUT_ID}` filled in; the default is the hosted confirmation page. */
export function resolveSuccessUrl(successUrl: string | null, checkoutId: string, checkoutUrl: string): string {
  if (successUrl === null) return `${checkoutUrl}/confirmation`;
  return successUrl.split('{CHECKOUT_ID}').join(checkoutId);
}
