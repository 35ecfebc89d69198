import { z } from 'zod';
import { MAX_CREDIT_REFERENCE_LENGTH, type LedgerEntry } from '../domain/credits.js';
import { type Logger, parseInput, type Result } from '../../shared/index.js';
import type { UsageLedger } from '../ports/usage-ledger.js';

export const MAX_MANUAL_GRANT = 1_000_000;

const inputSchema = z.object({
  userId: z.string({ error: 'User id is required' }).trim().min(1, 'User id is required'),
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number')
    .min(1, 'Amount must be greater than or equal to 1')
    .max(MAX_MANUAL_GRANT, `Amount must be less than or equal to ${MAX_MANUAL_GRANT}`),
  reason: z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must contain at most 500 characters'),
  /** Makes a retried grant (a CLI run twice) a no-op. */
  reference: z
    .string()
    .trim()
    .min(1, 'Reference must not be empty')
    .max(MAX_CREDIT_REFERENCE_LENGTH, `Reference must contain at most ${MAX_CREDIT_REFERENCE_LENGTH} characters`)
    .nullish()
    .transform((r) => r ?? null),
});

/** Support staff give a user credits (CLI, service role): a positive whole amount and a reason. */
export const makeGrantCredits =
  (deps: { usageLedger: UsageLedger; logger: Logger }) =>
  async (input: { userId: string; amount: number; reason: string; reference?: string | null }): Promise<Result<LedgerEntry>> => {
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const granted = await deps.usageLedger.grantCredits({ ...valid.data, kind: 'manual_grant' });
    if (granted.success) deps.logger.info('Credits granted', { userId: valid.data.userId, amount: valid.data.amount, entryId: granted.data.id });
    return granted;
  };
