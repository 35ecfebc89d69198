import { z } from 'zod';
import { MAX_CREDIT_REFERENCE_LENGTH } from '../../credits/index.js';
import { BILLING_SUPPORT_ACTIONS, MAX_OPERATOR_LENGTH, type CreditChange, type SupportAction } from '../domain/support-action.js';
import type { SupportJournal } from '../ports/support-journal.js';
import { parseInput, type Logger, type Result } from '../../shared/index.js';

/** The most credits one support grant or debit moves. */
const MAX_SUPPORT_CREDIT_CHANGE = 1_000_000;

const operator = z
  .string({ error: 'An operator name is required' })
  .trim()
  .min(1, 'An operator name is required')
  .max(MAX_OPERATOR_LENGTH, `The operator name must contain at most ${MAX_OPERATOR_LENGTH} characters`);
const reason = z.string({ error: 'Reason is required' }).trim().min(1, 'Reason is required').max(500, 'Reason must contain at most 500 characters');

const changeSchema = z.object({
  userId: z.string({ error: 'User id is required' }).trim().min(1, 'User id is required'),
  amount: z
    .number({ error: 'Amount must be a number' })
    .int('Amount must be a whole number')
    .refine((n) => n !== 0, 'Amount must not be 0')
    .refine((n) => Math.abs(n) <= MAX_SUPPORT_CREDIT_CHANGE, `Amount must be between -${MAX_SUPPORT_CREDIT_CHANGE} and ${MAX_SUPPORT_CREDIT_CHANGE}`),
  reason,
  reference: z
    .string()
    .trim()
    .min(1, 'Reference must not be empty')
    .max(MAX_CREDIT_REFERENCE_LENGTH, `Reference must contain at most ${MAX_CREDIT_REFERENCE_LENGTH} characters`)
    .nullish()
    .transform((r) => r ?? null),
  operator,
});

/**
 * Support gives (amount > 0) or takes (amount < 0) credits, recorded with who did it; a repeat under
 * the same reference is told apart (`repeated`), never a second line.
 */
export const makeChangeCredits =
  (deps: { supportJournal: SupportJournal; logger: Logger }) =>
  async (input: { userId: string; amount: number; reason: string; reference?: string | null; operator: string }): Promise<Result<CreditChange>> => {
    const valid = parseInput(changeSchema, input);
    if (!valid.success) return valid;
    const changed = await deps.supportJournal.changeCredits(valid.data);
    if (changed.success && !changed.data.repeated) {
      deps.logger.info('Credits changed by support', { userId: valid.data.userId, amount: valid.data.amount, operator: valid.data.operator, entryId: changed.data.entry.id });
    }
    return changed;
  };

const recordSchema = z.object({
  userId: z.string().trim().min(1).nullable(),
  operator,
  action: z.enum(BILLING_SUPPORT_ACTIONS, { error: `Action must be one of ${BILLING_SUPPORT_ACTIONS.join(', ')}` }),
  subject: z.string().trim().min(1, 'A subject is required').max(200, 'The subject must contain at most 200 characters'),
  amount: z.number().int('Amount must be a whole number').nullable(),
  currency: z.string().trim().min(1).max(10).nullable(),
  reason: z.string().trim().max(500, 'Reason must contain at most 500 characters'),
  comment: z.string().trim().max(2000, 'The comment must contain at most 2000 characters').nullable(),
  environment: z.string().trim().max(300),
});

/**
 * Writes down a billing action support is about to have the billing provider carry out (cancel,
 * resume, revoke, refund), with who does it: pending until settled.
 */
export const makeBeginSupportAction =
  (deps: { supportJournal: SupportJournal }) =>
  async (input: z.input<typeof recordSchema>): Promise<Result<SupportAction>> => {
    const valid = parseInput(recordSchema, input);
    if (!valid.success) return valid;
    return deps.supportJournal.begin(valid.data);
  };

const actionId = z.string({ error: 'A support action id is required' }).trim().regex(/^[1-9]\d{0,17}$/, 'A support action id is a whole number');

const completeSchema = z.object({
  id: actionId,
  subject: z.string().trim().min(1, 'A subject is required').max(200, 'The subject must contain at most 200 characters'),
  amount: z.number().int('Amount must be a whole number').nullable(),
  currency: z.string().trim().min(1).max(10).nullable(),
});

/** Settles a pending billing action as carried out, with what the provider made (its refund id and amount). */
export const makeCompleteSupportAction =
  (deps: { supportJournal: SupportJournal }) =>
  async (input: z.input<typeof completeSchema>): Promise<Result<SupportAction>> => {
    const valid = parseInput(completeSchema, input);
    if (!valid.success) return valid;
    const { id, ...outcome } = valid.data;
    return deps.supportJournal.complete(id, outcome);
  };

/** Removes a pending billing action whose provider call changed nothing; answers whether a row went. */
export const makeAbandonSupportAction =
  (deps: { supportJournal: SupportJournal }) =>
  async (input: { id: string }): Promise<Result<boolean>> => {
    const valid = parseInput(z.object({ id: actionId }), input);
    if (!valid.success) return valid;
    return deps.supportJournal.abandon(valid.data.id);
  };

/** The billing actions whose outcome is not recorded yet, oldest first. */
export const makeListPendingSupportActions =
  (deps: { supportJournal: SupportJournal }) =>
  async (input: { limit?: number } = {}): Promise<Result<readonly SupportAction[]>> => {
    const valid = parseInput(z.object({ limit: z.number().int().min(1).max(500).default(100) }), input);
    if (!valid.success) return valid;
    return deps.supportJournal.listPending({ limit: valid.data.limit });
  };

const listSchema = z.object({
  userId: z.string({ error: 'User id is required' }).trim().min(1, 'User id is required'),
  limit: z.number().int().min(1).max(500).default(20),
});

/** A user's support actions, newest first. */
export const makeListSupportActions =
  (deps: { supportJournal: SupportJournal }) =>
  async (input: { userId: string; limit?: number }): Promise<Result<readonly SupportAction[]>> => {
    const valid = parseInput(listSchema, input);
    if (!valid.success) return valid;
    return deps.supportJournal.listForUser(valid.data.userId, { limit: valid.data.limit });
  };
