import type { ModelInfo, TokenUsage } from '../../chat/domain/chat.js';

export type ModelPrice = Pick<ModelInfo, 'inputCreditsPer1k' | 'outputCreditsPer1k'>;

/**
 * Credits for a usage (credit cost per model is "not shown" in app spec §9; decided here).
 * Prices are credits per 1,000 tokens; the total is rounded up so that a short answer is never free,
 * and no usage costs nothing. The ledger (log_usage) applies the same formula on the server.
 */
export const creditsForUsage = (price: ModelPrice, usage: TokenUsage): number => {
  const milli = usage.inputTokens * price.inputCreditsPer1k + usage.outputTokens * price.outputCreditsPer1k;
  return milli <= 0 ? 0 : Math.max(1, Math.ceil(milli / 1000 - 1e-9));
};

/**
 * The smallest answer a chat must be able to pay for before any model is called: the prompt as sent
 * (estimated) plus 50 output tokens, per model. Below that the request is refused with
 * `insufficient_credits` instead of starting an answer the balance cannot cover.
 */
export const MINIMAL_ANSWER_OUTPUT_TOKENS = 50;

export const minimalAnswerCredits = (price: ModelPrice, promptTokens: number): number =>
  creditsForUsage(price, { inputTokens: Math.max(1, promptTokens), outputTokens: MINIMAL_ANSWER_OUTPUT_TOKENS });
