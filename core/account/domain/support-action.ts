import type { LedgerEntry } from '../../credits/index.js';

/** What support does from the support program, each recorded with who did it. */
export const SUPPORT_ACTIONS = ['grant', 'debit', 'cancel', 'resume', 'revoke', 'refund'] as const;
export type SupportActionKind = (typeof SUPPORT_ACTIONS)[number];

/**
 * The billing actions: each written down as `pending` before the billing provider is asked, then
 * settled (credits are recorded with their ledger line, `done` at once).
 */
export const BILLING_SUPPORT_ACTIONS = ['cancel', 'resume', 'revoke', 'refund'] as const satisfies readonly SupportActionKind[];
export type BillingSupportAction = (typeof BILLING_SUPPORT_ACTIONS)[number];

/**
 * `pending`: the billing provider was (or was about to be) asked and its answer is not recorded yet;
 * `done`: carried out. A billing action that changed nothing is not kept.
 */
export const SUPPORT_ACTION_STATUSES = ['pending', 'done'] as const;
export type SupportActionStatus = (typeof SUPPORT_ACTION_STATUSES)[number];

/** The longest operator name kept. */
export const MAX_OPERATOR_LENGTH = 100;

/** One support action: who did what to which user, and why. */
export interface SupportAction {
  readonly id: string;
  /** Null when the billing customer acted on is no user of this project. */
  readonly userId: string | null;
  readonly operator: string;
  readonly action: SupportActionKind;
  /** `ledger:<entry id>` for credits, else the subscription or refund id (the order id while a refund is pending). */
  readonly subject: string;
  /** Credits (signed) for grants and debits; minor units of `currency` for refunds. */
  readonly amount: number | null;
  readonly currency: string | null;
  readonly reason: string;
  readonly comment: string | null;
  /** The billing environment of a billing action; empty for credits. */
  readonly environment: string;
  readonly status: SupportActionStatus;
  readonly createdAt: string;
  /** When a billing action was settled; null while pending and for credits. */
  readonly settledAt: string | null;
}

/** A grant or a debit by support: the ledger line, who made it, and whether this call changed anything. */
export interface CreditChange {
  readonly entry: LedgerEntry;
  /** Who made the line (the first operator when this call was a repeat). */
  readonly operator: string | null;
  /** True when the reference had been used already for the same amount: nothing changed. */
  readonly repeated: boolean;
  /** The balance now. */
  readonly balance: number;
}
