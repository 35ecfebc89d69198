import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { SUPPORT_ACTION_STATUSES, SUPPORT_ACTIONS, type CreditChange, type SupportAction, type SupportJournal } from '../../core/account/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';
import { ledgerRow } from './supabase-usage-ledger.js';

const ACTION_COLUMNS = 'id, user_id, operator, action, subject, amount, currency, reason, comment, environment, status, created_at, settled_at';

const bigintId = z.union([z.number().int(), z.string()]);

const actionRow = z
  .object({
    id: bigintId,
    user_id: z.string().nullable(),
    operator: z.string(),
    action: z.enum(SUPPORT_ACTIONS),
    subject: z.string(),
    amount: z.union([z.number().int(), z.string()]).nullable(),
    currency: z.string().nullable(),
    reason: z.string(),
    comment: z.string().nullable(),
    environment: z.string(),
    status: z.enum(SUPPORT_ACTION_STATUSES),
    created_at: z.string(),
    settled_at: z.string().nullable(),
  })
  .transform(
    (row): SupportAction => ({
      id: String(row.id),
      userId: row.user_id,
      operator: row.operator,
      action: row.action,
      subject: row.subject,
      amount: row.amount === null ? null : Number(row.amount),
      currency: row.currency,
      reason: row.reason,
      comment: row.comment,
      environment: row.environment,
      status: row.status,
      createdAt: new Date(row.created_at).toISOString(),
      settledAt: row.settled_at === null ? null : new Date(row.settled_at).toISOString(),
    }),
  );


const changeRow = z
  .object({ entry: ledgerRow, operator: z.string().nullable(), repeated: z.boolean(), balance: z.number().int() })
  .transform((row): CreditChange => row);

/** `insufficient_credits: balance B, debit D` and `reference_conflict: reference R was used for N credits, not M`. */
const DEBIT_REFUSAL = /balance (\d+), debit (\d+)/;
const AMOUNT_CONFLICT = /was used for (-?\d+) credits, not (-?\d+)/;

/** Support's record of who did what, in Postgres (support_actions; support_change_credits). Every query names its user. */
export class SupabaseSupportJournal implements SupportJournal {
  constructor(private readonly service: SupabaseClient) {}

  async changeCredits(input: { userId: string; amount: number; reason: string; reference: string | null; operator: string }): Promise<Result<CreditChange>> {
    const { data, error, status } = await this.service.rpc('support_change_credits', {
      user_id_input: input.userId,
      amount_input: input.amount,
      reason_input: input.reason,
      reference_input: input.reference,
      operator_input: input.operator,
    });
    if (error) {
      const failure = fromRest(`Could not ${input.amount > 0 ? 'grant' : 'debit'} ${Math.abs(input.amount)} credits`, error, status);
      const short = DEBIT_REFUSAL.exec(error.message);
      if (failure.code === 'insufficient_credits' && short) {
        return fail(domainError('insufficient_credits', `The balance is ${short[1]} credits, less than the debit of ${short[2]}`, { balance: Number(short[1]), debit: Number(short[2]) }));
      }
      const conflict = AMOUNT_CONFLICT.exec(error.message);
      if (failure.code === 'conflict' && conflict) {
        return fail(domainError('conflict', `Reference ${input.reference ?? ''} was already used for ${conflict[1]} credits, not ${conflict[2]}`, { usedAmount: Number(conflict[1]), amount: Number(conflict[2]) }));
      }
      return fail(failure);
    }
    return parseRow('Could not read the credit change', changeRow, data);
  }

  async begin(input: Parameters<SupportJournal['begin']>[0]): Promise<Result<SupportAction>> {
    const { data, error, status } = await this.service.rpc('begin_support_action', {
      user_id_input: input.userId,
      operator_input: input.operator,
      action_input: input.action,
      subject_input: input.subject,
      amount_input: input.amount,
      currency_input: input.currency,
      reason_input: input.reason,
      comment_input: input.comment,
      environment_input: input.environment,
    });
    if (error) return fail(fromRest(`Could not record the ${input.action} of ${input.subject}`, error, status));
    return parseRow('Could not read the support action', actionRow, data);
  }

  async complete(id: string, outcome: { subject: string; amount: number | null; currency: string | null }): Promise<Result<SupportAction>> {
    const { data, error, status } = await this.service.rpc('complete_support_action', {
      id_input: id,
      subject_input: outcome.subject,
      amount_input: outcome.amount,
      currency_input: outcome.currency,
    });
    if (error) return fail(fromRest(`Could not settle support action ${id}`, error, status));
    return parseRow('Could not read the support action', actionRow, data);
  }

  async abandon(id: string): Promise<Result<boolean>> {
    const { data, error, status } = await this.service.rpc('abandon_support_action', { id_input: id });
    if (error) return fail(fromRest(`Could not remove support action ${id}`, error, status));
    return parseRow('Could not read the answer', z.boolean(), data);
  }

  async listPending(options: { limit: number }): Promise<Result<readonly SupportAction[]>> {
    const { data, error, status } = await this.service.from('support_actions').select(ACTION_COLUMNS).eq('status', 'pending').order('id', { ascending: true }).limit(options.limit);
    if (error) return fail(fromRest('Could not list the pending support actions', error, status));
    const parsed = parseRow('Could not read the support actions', z.array(actionRow), data);
    return parsed.success ? ok(parsed.data) : parsed;
  }

  async listForUser(userId: string, options: { limit: number }): Promise<Result<readonly SupportAction[]>> {
    const { data, error, status } = await this.service
      .from('support_actions')
      .select(ACTION_COLUMNS)
      .eq('user_id', userId)
      .order('id', { ascending: false })
      .limit(options.limit);
    if (error) return fail(fromRest(`Could not list the support actions of user ${userId}`, error, status));
    const parsed = parseRow('Could not read the support actions', z.array(actionRow), data);
    return parsed.success ? ok(parsed.data) : parsed;
  }
}
