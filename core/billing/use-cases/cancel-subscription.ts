import { z } from 'zod';
import { CANCELLATION_REASONS } from '../domain/billing.js';
import type { CancellationReason, SubscriptionSummary } from '../domain/billing.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { type Logger, billingNotInitialized, logFailure, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

export const MAX_CANCELLATION_COMMENT_LENGTH = 2000;

const inputSchema = z.object({
  reason: z.enum(CANCELLATION_REASONS, {
    error: `Reason must be one of: ${CANCELLATION_REASONS.join(', ')}`,
  }),
  comment: z
    .string({ error: 'Comment must be text' })
    .trim()
    .max(MAX_CANCELLATION_COMMENT_LENGTH, `Comment must contain at most ${MAX_CANCELLATION_COMMENT_LENGTH} characters`)
    .nullish()
    .transform((c) => (c ? c : null)),
});

/**
 * app spec §4: cancelling sets cancelAtPeriodEnd with the reason given; the subscription stays until
 * the period ends. Readiness is the gateway's to report: both "no client" and "client disabled by a
 * rejected token" answer the spec's "Billing provider SDK is not initialized" (app spec §8), with the
 * underlying code kept in `details.cause`.
 */
export const makeCancelSubscription =
  (deps: { currentUser: CurrentUser; billingGateway: BillingGateway; logger: Logger }) =>
  async (input: { reason: CancellationReason; comment?: string | null }): Promise<Result<SubscriptionSummary>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const canceled = await deps.billingGateway.cancelSubscription({ userId: user.data.id, ...valid.data });
    if (canceled.success) return ok(canceled.data);
    const { code } = canceled.error;
    if (code === 'billing_unavailable' || code === 'billing_not_initialized') {
      deps.logger.warn('Cancelling is not possible: billing is not ready', { error: canceled.error });
      return fail({ ...billingNotInitialized(), details: { cause: code } });
    }
    // Nothing to cancel (404) or already cancelled (409) is the user's situation, not a fault: info.
    logFailure(deps.logger, 'Could not cancel the subscription', canceled.error, { userId: user.data.id });
    return fail(canceled.error);
  };
