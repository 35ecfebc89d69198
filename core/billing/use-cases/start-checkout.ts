import { z } from 'zod';
import { isSubscribed, type ProfileStore } from '../../account/index.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { domainError, logFailure, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import { trackSafely, type TrackingDeps } from '../../interface/index.js';

const inputSchema = z.object({
  successUrl: z.url({ protocol: /^https?$/, error: 'Success URL must be an http(s) URL' }),
  /** Where the checkout's back link leads: the app's page that reads the checkout back. */
  returnUrl: z.url({ protocol: /^https?$/, error: 'Return URL must be an http(s) URL' }).optional(),
});

/**
 * app spec §7: subscribe_initiated when the user starts paying, subscribe_failed when no checkout
 * could be opened. Answers the hosted checkout page to send the browser to. A user who already has
 * an active plan gets `conflict` (the provider would refuse the payment): plan changes go through
 * the customer portal.
 */
export const makeStartCheckout =
  (deps: TrackingDeps & { currentUser: CurrentUser; billingGateway: BillingGateway; profileStore: ProfileStore }) =>
  async (input: { successUrl: string; returnUrl?: string }): Promise<Result<{ checkoutId: string; url: string }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const profile = await deps.profileStore.getProfile(user.data.id);
    if (!profile.success) return profile;
    if (isSubscribed(profile.data?.subscriptionStatus)) {
      return fail(domainError('conflict', 'You already have an active plan; change or cancel it in the customer portal', { portal: true }));
    }
    trackSafely(deps, { event: 'subscribe_initiated', user_id: user.data.id });
    const checkout = await deps.billingGateway.createCheckout({
      userId: user.data.id,
      email: user.data.email,
      successUrl: valid.data.successUrl,
      ...(valid.data.returnUrl === undefined ? {} : { returnUrl: valid.data.returnUrl }),
    });
    if (!checkout.success) {
      trackSafely(deps, { event: 'subscribe_failed', user_id: user.data.id });
      logFailure(deps.logger, 'Could not open a checkout', checkout.error, { userId: user.data.id });
      return fail(checkout.error);
    }
    return ok({ checkoutId: checkout.data.id, url: checkout.data.url });
  };
