/**
 * Test payment instruments, the sandbox's stand-in for the payment processor. API clients pass a
 * confirmation token the way the real service takes a processor's token; the hosted checkout page
 * takes the card numbers and maps them to the same outcomes.
 */
export interface Card {
  readonly brand: string;
  readonly last4: string;
  readonly exp_month: number;
  readonly exp_year: number;
}

export type PaymentOutcome =
  | { readonly ok: true; readonly card: Card }
  | { readonly ok: false; readonly card: Card; readonly declineReason: string; readonly declineMessage: string };

const expiry = { exp_month: 12, exp_year: 2034 };

export const TEST_CONFIRMATION_TOKENS = {
  /** Always succeeds (a Visa ending in 4242). */
  success: 'ctoken_sandbox_success',
  /** Always declined: `card_declined`. */
  declined: 'ctoken_sandbox_declined',
} as const;

export const TEST_CARDS = {
  success: '4242424242424242',
  declined: '4000000000000002',
} as const;

const OUTCOMES: Record<string, PaymentOutcome> = {
  [TEST_CONFIRMATION_TOKENS.success]: { ok: true, card: { brand: 'visa', last4: '4242', ...expiry } },
  [TEST_CONFIRMATION_TOKENS.declined]: {
    ok: false,
    card: { brand: 'visa', last4: '0002', ...expiry },
    declineReason: 'card_declined',
    declineMessage: 'Your card was declined.',
  },
};

/** The outcome of a confirmation token, or null when the token is not a known test token. */
export const outcomeOfConfirmationToken = (token: string): PaymentOutcome | null => OUTCOMES[token] ?? null;
