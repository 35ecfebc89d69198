import type { SubscriptionSummary } from '../domain/billing.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { type Logger, billingNotInitialized, logFailure, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/**
 * Undoes "cancel at period end" before the period is over: the caller's own plan renews again
 * (the provider's uncancel, a subscription update with cancelAtPeriodEnd false). `not_found`
 * without an active plan, `conflict` when it was not set to end; billing not ready reads as the
 * spec's "not initialized", as for cancelling.
 */
export const makeResumeSubscription =
  (deps: { currentUser: CurrentUser; billingGateway: BillingGateway; logger: Logger }) =>
  async (): Promise<Result<SubscriptionSummary>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const resumed = await deps.billingGateway.resumeSubscription({ userId: user.data.id });
    if (resumed.success) return ok(resumed.data);
    const { code } = resumed.error;
    if (code === 'billing_unavailable' || code === 'billing_not_initialized') {
      deps.logger.warn('Resuming is not possible: billing is not ready', { error: resumed.error });
      return fail({ ...billingNotInitialized(), details: { cause: code } });
    }
    logFailure(deps.logger, 'Could not resume the subscription', resumed.error, { userId: user.data.id });
    return fail(resumed.error);
  };
