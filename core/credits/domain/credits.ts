import { domainError, type DomainError } from '../../shared/index.js';

/** The longest idempotency key a ledger line keeps: a grant with a longer one cannot be recorded. */
export const MAX_CREDIT_REFERENCE_LENGTH = 200;

/** The kinds of line the credit ledger keeps: the one list the database, the adapters and /api read. */
export const LEDGER_KINDS = ['signup_grant', 'subscription_grant', 'manual_grant', 'usage_charge', 'adjustment'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** Every kind but `usage_charge`: the lines a grant may write (a charge is written by `logUsage`). */
export type GrantLedgerKind = Exclude<LedgerKind, 'usage_charge'>;
export const GRANT_LEDGER_KINDS: readonly GrantLedgerKind[] = LEDGER_KINDS.filter((kind): kind is GrantLedgerKind => kind !== 'usage_charge');

/** One line of the credit ledger: a balance is explained line by line. */
export interface LedgerEntry {
  readonly id: string;
  readonly userId: string;
  readonly kind: LedgerKind;
  /** Positive for grants, negative for charges. */
  readonly amount: number;
  readonly balanceAfter: number;
  readonly reason: string;
  /** Idempotency key: a webhook id, an order id, a usage row id. */
  readonly reference: string | null;
  readonly modelId: string | null;
  readonly createdAt: string;
}

/** The tokens one model use read and wrote: what a use is priced from. */
export interface TokenUsage {
  readonly inputTokens: number;
  readonly outputTokens: number;
}

/** One model use to charge to a user. */
export interface UsageCharge extends TokenUsage {
  readonly userId: string;
  readonly modelId: string;
}

export interface ChargeReceipt {
  readonly charged: number;
  readonly balance: number;
}

/** Credits set aside for an answer that has not ended yet (see UsageLedger.holdCredits). */
export interface CreditHold {
  readonly id: string;
  readonly amount: number;
  /** ISO time after which the hold no longer counts. */
  readonly expiresAt: string;
}

/** A settled hold: what was charged, the balance after, and what the user could not pay (0 normally). */
export type HoldSettlement = ChargeReceipt & { readonly shortfall: number };

/** How long a chat's hold counts when its answer never settles (a crashed server): 15 minutes. */
export const CHAT_HOLD_TTL_SECONDS = 15 * 60;

/**
 * The 402 says what decides it: the balance, what running answers hold of it (they give back what
 * they do not use when they end), and what this chat needs, e.g. "balance 3, 2 held by running
 * answers, required 2".
 */
export const insufficientCredits = (balance: number | null, held: number, required: number): DomainError => {
  const facts = [balance === null ? null : `balance ${balance}`, held > 0 ? `${held} held by running answers` : null, `required ${required}`].filter((f) => f !== null);
  return domainError('insufficient_credits', `Not enough credits for this chat: ${facts.join(', ')}`, {
    ...(balance === null ? {} : { balance }),
    required,
    ...(held > 0 ? { held } : {}),
  });
};
