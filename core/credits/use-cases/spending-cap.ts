import { spendingCapSchema, spendingCapView, type SpendingCapInput, type SpendingCapView } from '../domain/spending-cap.js';
import type { SpendingCaps } from '../ports/spending-caps.js';
import { parseInput, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';
import type { AnalyticsTracker } from '../../interface/index.js';

/** The caller's monthly spending cap, what they spent this month and what remains of the cap. */
export const makeGetSpendingCap =
  (deps: { currentUser: CurrentUser; spendingCaps: SpendingCaps }) =>
  async (): Promise<Result<SpendingCapView>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const status = await deps.spendingCaps.getSpendingCap(user.data.id);
    return status.success ? ok(spendingCapView(status.data)) : status;
  };

/**
 * Sets (a whole number of credits, 1 to MAX_MONTHLY_CREDIT_CAP) or removes (null) the caller's
 * monthly cap, and pushes `spending_cap_set` once it is saved. A cap below what was already spent
 * is allowed: it refuses the next send.
 */
export const makeSetSpendingCap =
  (deps: { currentUser: CurrentUser; spendingCaps: SpendingCaps; analytics: AnalyticsTracker }) =>
  async (input: SpendingCapInput): Promise<Result<SpendingCapView>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(spendingCapSchema, input);
    if (!valid.success) return valid;
    const saved = await deps.spendingCaps.setSpendingCap({ userId: user.data.id, cap: valid.data.cap });
    if (!saved.success) return saved;
    deps.analytics.track({ event: 'spending_cap_set', cap: saved.data.cap });
    return ok(spendingCapView(saved.data));
  };
