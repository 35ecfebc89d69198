import { describe, expect, it } from 'vitest';
import { creditsForUsage } from '../../../core/credits/index.js';

const price = (inputCreditsPer1k: number, outputCreditsPer1k: number) => ({ inputCreditsPer1k, outputCreditsPer1k });

describe('creditsForUsage: one rounding, up, on the exact sum', () => {
  it('charges nothing for no usage and at least one credit for any', () => {
    expect(creditsForUsage(price(10, 30), { inputTokens: 0, outputTokens: 0 })).toBe(0);
    expect(creditsForUsage(price(0, 0), { inputTokens: 1000, outputTokens: 1000 })).toBe(0);
    expect(creditsForUsage(price(0.001, 0), { inputTokens: 1, outputTokens: 0 })).toBe(1);
  });

  it('rounds the sum, not each side, and only up', () => {
    expect(creditsForUsage(price(1, 1), { inputTokens: 1000, outputTokens: 0 })).toBe(1);
    expect(creditsForUsage(price(1, 1), { inputTokens: 1001, outputTokens: 0 })).toBe(2);
    expect(creditsForUsage(price(1, 1), { inputTokens: 500, outputTokens: 500 })).toBe(1);
    expect(creditsForUsage(price(0.1, 0), { inputTokens: 10_000, outputTokens: 0 })).toBe(1);
    expect(creditsForUsage(price(0.1, 0.2), { inputTokens: 1, outputTokens: 2 })).toBe(1);
  });

  it('takes prices as the decimals they are written as, so a large usage is not charged one credit too many', () => {
    // 10,000,000 × 5246.703 is 52,467,030,000 exactly; its binary product lies just above.
    expect(creditsForUsage(price(5246.703, 0), { inputTokens: 10_000_000, outputTokens: 0 })).toBe(52_467_030);
    expect(creditsForUsage(price(9118.352, 1.5), { inputTokens: 10_000_000, outputTokens: 10_000_000 })).toBe(91_198_520);
  });
});
