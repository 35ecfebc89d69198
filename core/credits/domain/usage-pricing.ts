import type { TokenUsage } from './credits.js';

/** What a model costs: credits per 1,000 tokens read and per 1,000 written (a catalogue entry carries it). */
export interface ModelPrice {
  readonly inputCreditsPer1k: number;
  readonly outputCreditsPer1k: number;
}

/**
 * Credits for a usage (credit cost per model is "not shown" in app spec §9; decided here).
 * Prices are credits per 1,000 tokens; the total is rounded up so that a short answer is never free,
 * and no usage costs nothing. The ledger (`usage_credit_cost`, which log_usage and settle_credit_hold
 * call) applies the same formula on the server: ceil((input × input price + output × output price) / 1000),
 * in exact decimal arithmetic, one rounding, up, on the sum. Here too the numbers are taken as the
 * decimals they print as (a price of 0.1 is one tenth, not its binary neighbour), so the two agree at
 * every size (tests/integration/supabase/credit-cost-agreement.test.ts).
 */
export const creditsForUsage = (price: ModelPrice, usage: TokenUsage): number => {
  const terms = [
    [usage.inputTokens, price.inputCreditsPer1k],
    [usage.outputTokens, price.outputCreditsPer1k],
  ] as const;
  if (!terms.flat().every(Number.isFinite)) {
    const milli = usage.inputTokens * price.inputCreditsPer1k + usage.outputTokens * price.outputCreditsPer1k;
    return milli <= 0 ? 0 : Math.max(1, Math.ceil(milli / 1000));
  }
  const products = terms.map(([tokens, perThousand]) => times(decimalOf(tokens), decimalOf(perThousand)));
  const scale = Math.max(...products.map((p) => p.scale));
  const milli = products.reduce((sum, p) => sum + p.digits * 10n ** BigInt(scale - p.scale), 0n);
  if (milli <= 0n) return 0;
  const unit = 1000n * 10n ** BigInt(scale);
  return Number((milli + unit - 1n) / unit);
};

/** A finite number as the decimal it prints as: digits / 10^scale. */
interface Decimal {
  readonly digits: bigint;
  readonly scale: number;
}

const decimalOf = (value: number): Decimal => {
  const [mantissa = '0', exponent = '0'] = String(value).split('e');
  const [whole = '0', fraction = ''] = mantissa.split('.');
  const scale = fraction.length - Number(exponent);
  const digits = BigInt(whole + fraction);
  return scale >= 0 ? { digits, scale } : { digits: digits * 10n ** BigInt(-scale), scale: 0 };
};

const times = (a: Decimal, b: Decimal): Decimal => ({ digits: a.digits * b.digits, scale: a.scale + b.scale });

/**
 * The smallest answer a chat must be able to pay for before any model is called: the prompt as sent
 * (estimated) plus 50 output tokens, per model. Below that the request is refused with
 * `insufficient_credits` instead of starting an answer the balance cannot cover.
 */
export const MINIMAL_ANSWER_OUTPUT_TOKENS = 50;

export const minimalAnswerCredits = (price: ModelPrice, promptTokens: number): number =>
  creditsForUsage(price, { inputTokens: Math.max(1, promptTokens), outputTokens: MINIMAL_ANSWER_OUTPUT_TOKENS });

/**
 * What an answer is priced at before it is written (the credit hold, the price shown in the
 * settings): with a maximum length, the prompt plus that whole length, which the answer can never
 * exceed; without one, the minimal answer (prompt plus MINIMAL_ANSWER_OUTPUT_TOKENS).
 */
export const answerHoldCredits = (price: ModelPrice, promptTokens: number, maxOutputTokens?: number): number =>
  creditsForUsage(price, { inputTokens: Math.max(1, promptTokens), outputTokens: maxOutputTokens ?? MINIMAL_ANSWER_OUTPUT_TOKENS });
