import type { ChargeReceipt, LedgerEntry, LedgerKind, UsageCharge } from '../../core/domain/credits.js';
import { creditsForUsage } from '../../core/domain/usage-pricing.js';
import type { ModelPrice } from '../../core/domain/usage-pricing.js';
import type { Clock } from '../../core/ports/clock.js';
import type { UsageLedger } from '../../core/ports/usage-ledger.js';
import { domainError } from '../../core/shared/errors.js';
import { fail, ok } from '../../core/shared/result.js';
import type { Result } from '../../core/shared/result.js';
import { FailureInjector } from './failure-injector.js';
import { IN_MEMORY_MODELS } from './in-memory-model-gateway.js';

export const DEFAULT_LEDGER_PAGE_SIZE = 50;

/** Where balances live: its own map by default, or the profiles of an InMemoryDatabase (one owner of credits). */
export interface BalanceBook {
  get(userId: string): number;
  set(userId: string, balance: number): void;
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
  private sequence = 0;

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

  async logUsage(charge: UsageCharge): Promise<Result<ChargeReceipt>> {
    const injected = this.failures.take('logUsage');
    if (injected) return fail(injected);
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
    kind: Exclude<LedgerKind, 'usage_charge'>;
    reason: string;
    reference: string | null;
  }): Promise<Result<LedgerEntry>> {
    const injected = this.failures.take('grantCredits');
    if (injected) return fail(injected);
    if (!Number.isInteger(input.amount) || input.amount <= 0) {
      return fail(domainError('validation', 'Amount must be a whole number greater than 0'));
    }
    if (input.reason.trim() === '') return fail(domainError('validation', 'A reason is required'));
    const earlier = input.reference === null ? undefined : this.entries.find((e) => e.reference === input.reference);
    if (earlier) return ok(earlier);
    return ok(this.record({ ...input, modelId: null }));
  }

  async listEntries(userId: string, options: { limit?: number } = {}): Promise<Result<readonly LedgerEntry[]>> {
    const injected = this.failures.take('listEntries');
    if (injected) return fail(injected);
    const mine = this.entries.filter((e) => e.userId === userId).reverse();
    return ok(mine.slice(0, options.limit ?? DEFAULT_LEDGER_PAGE_SIZE));
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
