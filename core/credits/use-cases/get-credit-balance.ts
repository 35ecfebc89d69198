import type { CreditBalance } from '../ports/usage-ledger.js';
import type { Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/**
 * The balance as the ledger knows it (server side, authoritative). The profile's `credits` column
 * that the browser reads (get-credits, defaulting to 0) mirrors it.
 */
export const makeGetCreditBalance =
  (deps: { currentUser: CurrentUser; creditBalance: CreditBalance }) =>
  async (): Promise<Result<number>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.creditBalance.getBalance(user.data.id);
  };
