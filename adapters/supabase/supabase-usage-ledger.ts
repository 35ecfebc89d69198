import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import { GRANT_LEDGER_KINDS, LEDGER_KINDS, spendingCapSchema } from '../../core/credits/index.js';
import type { ChargeReceipt, CreditHold, HoldSettlement, GrantLedgerKind, LedgerEntry, SpendingCapStatus, UsageCharge, UsageLedger } from '../../core/credits/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, isRowNotFound, parseRow } from './supabase-errors.js';

const LEDGER_COLUMNS = 'id, user_id, kind, amount, balance_after, reason, reference, model_id, created_at';
const MAX_ENTRIES = 1000;

/** A ledger row as PostgREST answers it (the support journal reads the same rows). */
export const ledgerRow = z
  .object({
    // bigint identity: a JSON number from PostgREST, a string if it ever outgrows doubles.
    id: z.union([z.number().int(), z.string()]),
    user_id: z.string(),
    kind: z.enum(LEDGER_KINDS),
    amount: z.number().int(),
    balance_after: z.number().int(),
    reason: z.string(),
    reference: z.string().nullable(),
    model_id: z.string().nullable(),
    created_at: z.string(),
  })
  .transform(
    (row): LedgerEntry => ({
      id: String(row.id),
      userId: row.user_id,
      kind: row.kind,
      amount: row.amount,
      balanceAfter: row.balance_after,
      reason: row.reason,
      reference: row.reference,
      modelId: row.model_id,
      createdAt: new Date(row.created_at).toISOString(),
    }),
  );
const receipt = z.object({ charged: z.number().int(), balance: z.number().int() });
const balanceRow = z.object({ credits: z.number().int() });
const holdRow = z
  .object({ id: z.string(), amount: z.number().int(), expires_at: z.string() })
  .transform((row): CreditHold => ({ id: row.id, amount: row.amount, expiresAt: new Date(row.expires_at).toISOString() }));
const settlement = z.object({ charged: z.number().int(), balance: z.number().int(), shortfall: z.number().int() });

const userIdField = z.string().min(1, 'userId is required');
const holdIdField = z.string().uuid('holdId must be a hold id (a UUID)');
const holdInput = z.object({
  userId: userIdField,
  amount: z.number().int('amount must be a whole number of credits').positive('amount must be greater than 0'),
  ttlSeconds: z.number().int('ttlSeconds must be a whole number').positive('ttlSeconds must be greater than 0'),
});
const releaseInput = z.object({ holdId: holdIdField, userId: userIdField });

const grantInput = z
  .object({
    userId: z.string().min(1, 'userId is required'),
    amount: z.number().int('amount must be a whole number of credits'),
    kind: z.enum(GRANT_LEDGER_KINDS),
    reason: z.string().trim().min(1, 'A reason is required').max(500, 'reason must be at most 500 characters'),
    reference: z.string().min(1).max(200, 'reference must be at most 200 characters').nullable(),
  })
  .refine((g) => (g.kind === 'adjustment' ? g.amount !== 0 : g.amount > 0), {
    error: 'amount must be greater than 0 (only an adjustment may be negative, and never 0)',
    path: ['amount'],
  });
const chargeInput = z.object({
  userId: z.string().min(1, 'userId is required'),
  modelId: z.string().min(1, 'modelId is required'),
  inputTokens: z.number().int('inputTokens must be a whole number').min(0, 'inputTokens must be at least 0'),
  outputTokens: z.number().int('outputTokens must be a whole number').min(0, 'outputTokens must be at least 0'),
});

const settleInput = chargeInput.extend({ holdId: holdIdField });

/** hold_credits raises `insufficient_credits: balance B, held H, required R`: those facts become the details. */
const HOLD_REFUSAL = /balance (-?\d+), held (\d+), required (\d+)/;
/** …and `spending_cap_reached: cap C, spent S, required R` (SQLSTATE PT402) past the monthly cap. */
const CAP_REFUSAL = /cap (\d+), spent (\d+), required (\d+)/;
const capStatus = z.object({ cap: z.number().int().nullable(), spent: z.number().int() });

const invalid = (issues: z.ZodError) =>
  domainError('validation', issues.issues.map((i) => i.message).join('; '), { code: 'invalid_input' });

/**
 * Credits through the service-role client: log_usage and grant_credits do the arithmetic in one
 * transaction under a row lock (see migrations), so concurrent charges never take a balance below 0.
 */
export class SupabaseUsageLedger implements UsageLedger {
  /**
   * `instanceId`: the registered app server instance (SupabaseServerInstance) whose holds these are;
   * each hold then lasts only while that instance's lease is renewed, so a crashed server's holds
   * stop counting within seconds. Without one (the CLI, tests, a server not yet registered) holds
   * last their ttl.
   */
  constructor(
    private readonly service: SupabaseClient,
    private readonly options: { readonly instanceId?: () => string | null } = {},
  ) {}

  async getBalance(userId: string): Promise<Result<number>> {
    const action = `Could not read the balance of user ${userId}`;
    const { data, error, status } = await this.service.from('profiles').select('credits').eq('id', userId).single();
    if (isRowNotFound(error)) return fail(domainError('not_found', `${action}: no profile`, { code: 'PGRST116' }));
    if (error) return fail(fromRest(action, error, status));
    const row = parseRow(action, balanceRow, data);
    return row.success ? ok(row.data.credits) : row;
  }

  async logUsage(charge: UsageCharge): Promise<Result<ChargeReceipt>> {
    const input = chargeInput.safeParse(charge);
    if (!input.success) return fail(invalid(input.error));
    const { data, error, status } = await this.service.rpc('log_usage', {
      user_id_input: input.data.userId,
      model_input: input.data.modelId,
      input_tokens_input: input.data.inputTokens,
      output_tokens_input: input.data.outputTokens,
    });
    if (error) return fail(fromRest(`Could not charge ${charge.modelId} usage`, error, status));
    const parsed = parseRow('Could not read the charge receipt', receipt, data);
    return parsed.success ? ok({ charged: parsed.data.charged, balance: parsed.data.balance }) : parsed;
  }

  async holdCredits(input: { userId: string; amount: number; ttlSeconds: number }): Promise<Result<CreditHold>> {
    const hold = holdInput.safeParse(input);
    if (!hold.success) return fail(invalid(hold.error));
    const instanceId = this.options.instanceId?.() ?? null;
    const { data, error, status } = await this.service.rpc('hold_credits', {
      user_id_input: hold.data.userId,
      amount_input: hold.data.amount,
      ttl_seconds_input: hold.data.ttlSeconds,
      ...(instanceId === null ? {} : { instance_id_input: instanceId }),
    });
    if (error) {
      const refused = fromRest(`Could not hold ${input.amount} credits`, error, status);
      const capFacts = refused.code === 'spending_cap_reached' ? CAP_REFUSAL.exec(error.message) : null;
      if (capFacts) {
        const [cap, spent, required] = capFacts.slice(1).map(Number) as [number, number, number];
        return fail(domainError('spending_cap_reached', refused.message, { ...refused.details, cap, spent, required }));
      }
      const facts = refused.code === 'insufficient_credits' ? HOLD_REFUSAL.exec(error.message) : null;
      if (!facts) return fail(refused);
      const [balance, held, required] = facts.slice(1).map(Number) as [number, number, number];
      return fail(domainError('insufficient_credits', refused.message, { ...refused.details, balance, held, required }));
    }
    return parseRow('Could not read the credit hold', holdRow, data);
  }

  async getSpendingCap(userId: string): Promise<Result<SpendingCapStatus>> {
    const user = userIdField.safeParse(userId);
    if (!user.success) return fail(invalid(user.error));
    const { data, error, status } = await this.service.rpc('spending_cap_status', { user_id_input: user.data });
    if (error) return fail(fromRest(`Could not read the spending cap of user ${userId}`, error, status));
    return parseRow('Could not read the spending cap', capStatus, data);
  }

  /** Names the user in every query (the service role passes row-level security). */
  async setSpendingCap(input: { userId: string; cap: number | null }): Promise<Result<SpendingCapStatus>> {
    const user = userIdField.safeParse(input.userId);
    if (!user.success) return fail(invalid(user.error));
    const cap = spendingCapSchema.safeParse({ cap: input.cap });
    if (!cap.success) return fail(invalid(cap.error));
    const action = `Could not save the spending cap of user ${input.userId}`;
    const { error, status } =
      cap.data.cap === null
        ? await this.service.from('spending_caps').delete().eq('user_id', user.data)
        : await this.service.from('spending_caps').upsert({ user_id: user.data, monthly_credit_cap: cap.data.cap }, { onConflict: 'user_id' });
    if (error) return fail(fromRest(action, error, status));
    return this.getSpendingCap(user.data);
  }

  async settleHold(input: { holdId: string } & UsageCharge): Promise<Result<HoldSettlement>> {
    const settle = settleInput.safeParse(input);
    if (!settle.success) return fail(invalid(settle.error));
    const { data, error, status } = await this.service.rpc('settle_credit_hold', {
      hold_id_input: settle.data.holdId,
      user_id_input: settle.data.userId,
      model_input: settle.data.modelId,
      input_tokens_input: settle.data.inputTokens,
      output_tokens_input: settle.data.outputTokens,
    });
    if (error) return fail(fromRest(`Could not settle the ${input.modelId} hold`, error, status));
    const parsed = parseRow('Could not read the settlement', settlement, data);
    return parsed.success ? ok({ charged: parsed.data.charged, balance: parsed.data.balance, shortfall: parsed.data.shortfall }) : parsed;
  }

  async releaseHold(input: { holdId: string; userId: string }): Promise<Result<{ released: boolean }>> {
    const release = releaseInput.safeParse(input);
    if (!release.success) return fail(invalid(release.error));
    const { data, error, status } = await this.service.rpc('release_credit_hold', {
      hold_id_input: release.data.holdId,
      user_id_input: release.data.userId,
    });
    if (error) return fail(fromRest('Could not release the credit hold', error, status));
    const parsed = parseRow('Could not read the release', z.boolean(), data);
    return parsed.success ? ok({ released: parsed.data }) : parsed;
  }

  async grantCredits(input: {
    userId: string;
    amount: number;
    kind: GrantLedgerKind;
    reason: string;
    reference: string | null;
  }): Promise<Result<LedgerEntry>> {
    const grant = grantInput.safeParse(input);
    if (!grant.success) return fail(invalid(grant.error));
    const { data, error, status } = await this.service.rpc('grant_credits', {
      user_id_input: grant.data.userId,
      amount_input: grant.data.amount,
      kind_input: grant.data.kind,
      reason_input: grant.data.reason,
      reference_input: grant.data.reference,
    });
    if (error) return fail(fromRest(`Could not grant ${input.amount} credits`, error, status));
    return parseRow('Could not read the ledger entry', ledgerRow, data);
  }

  async listEntries(userId: string, options: { limit?: number } = {}): Promise<Result<readonly LedgerEntry[]>> {
    const limit = Math.min(Math.max(Math.trunc(options.limit ?? 50), 1), MAX_ENTRIES);
    const { data, error, status } = await this.service
      .from('credit_ledger')
      .select(LEDGER_COLUMNS)
      .eq('user_id', userId)
      .order('id', { ascending: false })
      .limit(limit);
    if (error) return fail(fromRest(`Could not list the ledger of user ${userId}`, error, status));
    return parseRow('Could not read the ledger', z.array(ledgerRow), data);
  }
}
