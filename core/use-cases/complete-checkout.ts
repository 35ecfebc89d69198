import { z } from 'zod';
import type { SubscriptionSummary } from '../domain/billing.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { parseInput } from '../shared/parse-input.js';
import { ok } from '../shared/result.js';
import type { Result } from '../shared/result.js';
import { requireUser } from './support/current-user.js';
import type { CurrentUser } from './support/current-user.js';
import { trackSafely } from './track-event.js';
import type { TrackingDeps } from './track-event.js';

const inputSchema = z.object({
  checkoutId: z.string({ error: 'Checkout id is required' }).trim().min(1, 'Checkout id is required'),
});

/**
 * The browser is back from the hosted checkout on its success URL (app spec §7: subscribe_succeeded).
 * The provider only sends the browser there after payment, so the event is pushed at once. The
 * active subscription is read back when it can be: the webhook that activates it may still be on
 * its way, so `subscription: null` is a normal answer (the UI polls account status).
 */
export const makeCompleteCheckout =
  (deps: TrackingDeps & { currentUser: CurrentUser; billingGateway: BillingGateway }) =>
  async (input: { checkoutId: string }): Promise<Result<{ subscription: SubscriptionSummary | null }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    trackSafely(deps, { event: 'subscribe_succeeded', user_id: user.data.id });
    const state = await deps.billingGateway.getCustomerState(user.data.id);
    if (!state.success) {
      deps.logger.warn('Could not read the subscription after checkout', { checkoutId: valid.data.checkoutId, error: state.error });
      return ok({ subscription: null });
    }
    const active = state.data?.activeSubscriptions.find((s) => s.status === 'active') ?? null;
    return ok({ subscription: active });
  };
