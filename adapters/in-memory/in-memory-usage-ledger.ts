import type { ChargeReceipt, CreditHold, HoldSettlement, GrantLedgerKind, LedgerEntry, UsageCharge, ModelPrice, SpendingCapStatus, UsageLedger } from '../../core/credits/index.js';
import { creditsForUsage, MAX_CREDIT_REFERENCE_LENGTH, spendingCapSchema } from '../../core/credits/index.js';
import type { Clock, Result } from '../../core/shared/index.js';
import { domainError, fail, ok } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';
import { IN_MEMORY_MODELS } from './in-memory-model-gateway.js';

export const DEFAULT_LEDGER_PAGE_SIZE = 50;

/** Where balances live: its own map by default, or the profiles of an InMemoryDatabase (one owner of credits). */
export interface BalanceBook {
  get(userId: string): number;
  set(userId: string, balance: number): void;
  /** Whether the user has a profile; a book without it knows every user (a standalone ledger). */
  has?(userId: string): boolean;
}

export const mapBalanceBook = (): BalanceBook => {
  const balances = new Map<string, number>();
  return { get: (id) => balances.get(id) ?? 0, set: (id, n) => void balances.set(id, n) };
};

const defaultPrices = Object.fromEntries(IN_MEMORY_MODELS.map((m) => [m.id, m]));

/**
 * Credits in memory. Every check-and-write happens in one synchronous step after the last await,
 * which is what makes a charge atomic here (a database does it with one UPDATE ... WHERE credits >= n).
 */
export class InMemoryUsageLedger implements UsageLedger {
  /** Makes the next call of an operation fail with a chosen error (unhappy paths without mocks). */
  readonly failures = new FailureInjector<keyof UsageLedger>();
  private readonly prices: Readonly<Record<string, ModelPrice>>;
  private readonly clock: Clock;
  private readonly balances: BalanceBook;
  private readonly entries: LedgerEntry[] = [];
  private readonly holds = new Map<string, { readonly userId: string; readonly amount: number; readonly expiresAtMs: number }>();
  /** Monthly spending caps by user id (credits per calendar month, UTC). */
  private readonly caps = new Map<string, number>();
  private sequence = 0;
  private holdSequence = 0;

  constructor(options: { prices?: Readonly<Record<string, ModelPrice>>; clock?: Clock; balances?: BalanceBook } = {}) {
    this.balances = options.balances ?? mapBalanceBook();
    this.prices = options.prices ?? defaultPrices;
    this.clock = options.clock ?? { now: () => new Date() };
  }

  async getBalance(userId: string): Promise<Result<number>> {
    const injected = this.failures.take('getBalance');
    if (injected) return fail(injected);
    return ok(this.balances.get(userId));
  }

  /** Like the database functions (unknown_user): credits move only for users with a profile. */
  private unknownUser(userId: string): Result<never> | null {
    return this.balances.has && !this.balances.has(userId) ? fail(domainError('not_found', `No profile for user ${userId}`)) : null;
  }

  async logUsage(charge: UsageCharge): Promise<Result<ChargeReceipt>> {
    const injected = this.failures.take('logUsage');
    if (injected) return fail(injected);
    const unknown = this.unknownUser(charge.userId);
    if (unknown) return unknown;
    const price = this.prices[charge.modelId];
    if (!price) return fail(domainError('not_found', `Model ${charge.modelId} has no price`));
    if (![charge.inputTokens, charge.outputTokens].every((n) => Number.isInteger(n) && n >= 0)) {
      return fail(domainError('validation', 'Token counts must be whole numbers of at least 0'));
    }
    const amount = creditsForUsage(price, charge);
    const balance = this.balances.get(charge.userId);
    if (amount > balance) {
      return fail(domainError('insufficient_credits', 'Not enough credits', { balance, required: amount }));
    }
    if (amount === 0) return ok({ charged: 0, balance });
    this.record({
      userId: charge.userId,
      kind: 'usage_charge',
      amount: -amount,
      reason: `${charge.inputTokens} input and ${charge.outputTokens} output tokens`,
      reference: null,
      modelId: charge.modelId,
    });
    return ok({ charged: amount, balance: balance - amount });
  }

  async grantCredits(input: {
    userId: string;
    amount: number;
    kind: GrantLedgerKind;
    reason: string;
    reference: string | null;
  }): Promise<Result<LedgerEntry>> {
    const injected = this.failures.take('grantCredits');
    if (injected) return fail(injected);
    const unknown = this.unknownUser(input.userId);
    if (unknown) return unknown;
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      return fail(domainError('validation', 'Amount must be a whole number greater than 0'));
    }
    if (input.reason.trim() === '') return fail(domainError('validation', 'A reason is required'));
    // As the ledger's table refuses it: a longer reference cannot be kept, so it could not stop a second grant.
    if (input.reference !== null && input.reference.length > MAX_CREDIT_REFERENCE_LENGTH) {
      return fail(domainError('validation', `A credit reference may be at most ${MAX_CREDIT_REFERENCE_LENGTH} characters`, { field: 'reference' }));
    }
    const earlier = input.reference === null ? undefined : this.entries.find((e) => e.reference === input.reference);
    if (earlier) return ok(earlier);
    return ok(this.record({ ...input, modelId: null }));
  }

  /**
   * Support's grant (amount > 0) or debit (amount < 0), as support_change_credits writes it: a
   * reference already used for the same user and amount answers its line (`repeated`), for another
   * amount or user it is refused; a debit never takes the balance below zero. One synchronous step.
   */
  changeBySupport(input: { userId: string; amount: number; reason: string; reference: string | null }): Result<{ entry: LedgerEntry; repeated: boolean; balance: number }> {
    const unknown = this.unknownUser(input.userId);
    if (unknown) return unknown;
    const balance = this.balances.get(input.userId);
    const earlier = input.reference === null ? undefined : this.entries.find((e) => e.reference === input.reference);
    if (earlier) {
      if (earlier.userId !== input.userId) return fail(domainError('conflict', `Reference ${input.reference ?? ''} already belongs to another user`));
      if (earlier.amount !== input.amount) {
        return fail(domainError('conflict', `Reference ${input.reference ?? ''} was already used for ${earlier.amount} credits, not ${input.amount}`, { usedAmount: earlier.amount, amount: input.amount }));
      }
      return ok({ entry: earlier, repeated: true, balance });
    }
    if (balance + input.amount < 0) {
      return fail(domainError('insufficient_credits', `The balance is ${balance} credits, less than the debit of ${-input.amount}`, { balance, debit: -input.amount }));
    }
    const entry = this.record({ ...input, kind: input.amount > 0 ? 'manual_grant' : 'adjustment', modelId: null });
    return ok({ entry, repeated: false, balance: entry.balanceAfter });
  }

  /** Whether the user has a profile (a standalone ledger knows every user). */
  knowsUser(userId: string): boolean {
    return this.balances.has?.(userId) ?? true;
  }

  async listEntries(userId: string, options: { limit?: number } = {}): Promise<Result<readonly LedgerEntry[]>> {
    const injected = this.failures.take('listEntries');
    if (injected) return fail(injected);
    const mine = this.entries.filter((e) => e.userId === userId).reverse();
    return ok(mine.slice(0, options.limit ?? DEFAULT_LEDGER_PAGE_SIZE));
  }

  async holdCredits(input: { userId: string; amount: number; ttlSeconds: number }): Promise<Result<CreditHold>> {
    const injected = this.failures.take('holdCredits');
    if (injected) return fail(injected);
    const unknown = this.unknownUser(input.userId);
    if (unknown) return unknown;
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      return fail(domainError('validation', 'amount must be a whole number of credits greater than 0'));
    }
    if (!Number.isInteger(input.ttlSeconds) || input.ttlSeconds <= 0) {
      return fail(domainError('validation', 'ttlSeconds must be a whole number greater than 0'));
    }
    const balance = this.balances.get(input.userId);
    const held = this.heldBy(input.userId);
    if (balance - held < input.amount) {
      return fail(domainError('insufficient_credits', 'Not enough credits', { balance, held, required: input.amount }));
    }
    const cap = this.caps.get(input.userId);
    if (cap !== undefined) {
      const spent = this.chargedThisMonth(input.userId) + held;
      if (spent + input.amount > cap) {
        return fail(domainError('spending_cap_reached', 'The monthly spending cap would be passed', { cap, spent, required: input.amount }));
      }
    }
    this.holdSequence += 1;
    const id = `hold_${String(this.holdSequence).padStart(6, '0')}`;
    const expiresAtMs = this.clock.now().getTime() + input.ttlSeconds * 1000;
    this.holds.set(id, { userId: input.userId, amount: input.amount, expiresAtMs });
    return ok({ id, amount: input.amount, expiresAt: new Date(expiresAtMs).toISOString() });
  }

  async settleHold(input: { holdId: string } & UsageCharge): Promise<Result<HoldSettlement>> {
    const injected = this.failures.take('settleHold');
    if (injected) return fail(injected);
    const unknown = this.unknownUser(input.userId);
    if (unknown) return unknown;
    const price = this.prices[input.modelId];
    if (!price) return fail(domainError('not_found', `Model ${input.modelId} has no price`));
    if (![input.inputTokens, input.outputTokens].every((n) => Number.isInteger(n) && n >= 0)) {
      return fail(domainError('validation', 'Token counts must be whole numbers of at least 0'));
    }
    if (this.holds.get(input.holdId)?.userId === input.userId) this.holds.delete(input.holdId);
    const cost = creditsForUsage(price, input);
    const balance = this.balances.get(input.userId);
    const charged = Math.max(0, Math.min(cost, balance - this.heldBy(input.userId)));
    const shortfall = cost - charged;
    if (charged === 0) return ok({ charged: 0, balance, shortfall });
    this.record({
      userId: input.userId,
      kind: 'usage_charge',
      amount: -charged,
      reason: `${input.inputTokens} input and ${input.outputTokens} output tokens${shortfall > 0 ? ` (${shortfall} short)` : ''}`,
      reference: null,
      modelId: input.modelId,
    });
    return ok({ charged, balance: balance - charged, shortfall });
  }

  async releaseHold(input: { holdId: string; userId: string }): Promise<Result<{ released: boolean }>> {
    const injected = this.failures.take('releaseHold');
    if (injected) return fail(injected);
    const hold = this.holds.get(input.holdId);
    const released = hold !== undefined && hold.userId === input.userId && hold.expiresAtMs > this.clock.now().getTime();
    if (hold?.userId === input.userId) this.holds.delete(input.holdId);
    return ok({ released });
  }

  async getSpendingCap(userId: string): Promise<Result<SpendingCapStatus>> {
    const injected = this.failures.take('getSpendingCap');
    if (injected) return fail(injected);
    return ok(this.capStatus(userId));
  }

  async setSpendingCap(input: { userId: string; cap: number | null }): Promise<Result<SpendingCapStatus>> {
    const injected = this.failures.take('setSpendingCap');
    if (injected) return fail(injected);
    const unknown = this.unknownUser(input.userId);
    if (unknown) return unknown;
    // As the table's check refuses it.
    const valid = spendingCapSchema.safeParse({ cap: input.cap });
    if (!valid.success) return fail(domainError('validation', valid.error.issues[0]?.message ?? 'Invalid cap'));
    if (valid.data.cap === null) this.caps.delete(input.userId);
    else this.caps.set(input.userId, valid.data.cap);
    return ok(this.capStatus(input.userId));
  }

  private capStatus(userId: string): SpendingCapStatus {
    return { cap: this.caps.get(userId) ?? null, spent: this.chargedThisMonth(userId) + this.heldBy(userId) };
  }

  /** Credits charged to the user since the calendar month began (UTC), by the clock. */
  private chargedThisMonth(userId: string): number {
    const now = this.clock.now();
    const monthStart = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    return this.entries
      .filter((e) => e.userId === userId && e.kind === 'usage_charge' && Date.parse(e.createdAt) >= monthStart)
      .reduce((sum, e) => sum - e.amount, 0);
  }

  /** Unexpired holds of a user, in credits; expired ones are dropped on the way (lazy clean-up). */
  private heldBy(userId: string): number {
    const now = this.clock.now().getTime();
    let held = 0;
    for (const [id, hold] of this.holds) {
      if (hold.expiresAtMs <= now) this.holds.delete(id);
      else if (hold.userId === userId) held += hold.amount;
    }
    return held;
  }

  private record(line: Omit<LedgerEntry, 'id' | 'balanceAfter' | 'createdAt'>): LedgerEntry {
    const balanceAfter = this.balances.get(line.userId) + line.amount;
    this.sequence += 1;
    const entry: LedgerEntry = {
      ...line,
      id: `led_${String(this.sequence).padStart(6, '0')}`,
      balanceAfter,
      createdAt: this.clock.now().toISOString(),
    };
    this.balances.set(line.userId, balanceAfter);
    this.entries.push(entry);
    return entry;
  }
}
