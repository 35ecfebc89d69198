export type LedgerKind = 'signup_grant' | 'subscription_grant' | 'manual_grant' | 'usage_charge' | 'adjustment';

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

export interface UsageCharge {
  readonly userId: string;
  readonly modelId: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
}

export interface ChargeReceipt {
  readonly charged: number;
  readonly balance: number;
}
