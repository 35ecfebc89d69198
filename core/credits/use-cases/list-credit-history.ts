import { z } from 'zod';
import type { LedgerEntry } from '../domain/credits.js';
import type { CreditBalance } from '../ports/usage-ledger.js';
import { parseInput, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({
  limit: z.number().int('Limit must be a whole number').min(1, 'Limit must be greater than or equal to 1').max(500, 'Limit must be less than or equal to 500').default(50),
});

/** The signed-in user's credit ledger, newest first: every grant and charge with the balance after it. */
export const makeListCreditHistory =
  (deps: { currentUser: CurrentUser; creditBalance: CreditBalance }) =>
  async (input: { limit?: number } = {}): Promise<Result<readonly LedgerEntry[]>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    return deps.creditBalance.listEntries(user.data.id, { limit: valid.data.limit });
  };
