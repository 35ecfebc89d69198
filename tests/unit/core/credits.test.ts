import { describe, expect, it } from 'vitest';
import { creditsForUsage, estimateTokens, makeGetCreditBalance, makeGrantCredits, makeListCreditHistory } from '../../../core/credits/index.js';
import { domainError, NO_AUTHENTICATED_USER } from '../../../core/shared/index.js';
import { inMemoryAppWorld } from '../../support/in-memory-app-world.js';

const price = { inputCreditsPer1k: 10, outputCreditsPer1k: 30 };

describe('credit pricing (app spec §9: cost per model, decided here)', () => {
  it('credits = (input × input price + output × output price) / 1000, rounded up', () => {
    expect(creditsForUsage(price, { inputTokens: 1000, outputTokens: 1000 })).toBe(40);
    expect(creditsForUsage(price, { inputTokens: 1, outputTokens: 1 })).toBe(1);
    expect(creditsForUsage({ inputCreditsPer1k: 0.3, outputCreditsPer1k: 0 }, { inputTokens: 10_000, outputTokens: 0 })).toBe(3);
  });

  it('no usage costs nothing', () => {
    expect(creditsForUsage(price, { inputTokens: 0, outputTokens: 0 })).toBe(0);
  });

  it('unreported usage is estimated at about four characters a token', () => {
    expect([estimateTokens(''), estimateTokens('abc'), estimateTokens('abcd'), estimateTokens('abcde')]).toEqual([0, 1, 1, 2]);
  });
});

describe('credits', () => {
  it('the balance and the ledger history of the signed-in user, newest first', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    await w.fund(userId, 50);
    await w.usageLedger.logUsage({ userId, modelId: 'echo-basic', inputTokens: 1000, outputTokens: 1000 });
    expect(await makeGetCreditBalance(w)()).toEqual({ success: true, data: 10 });
    const history = await makeListCreditHistory(w)();
    expect(history.success && history.data.map((e) => [e.kind, e.amount, e.balanceAfter])).toEqual([
      ['usage_charge', -40, 10],
      ['manual_grant', 50, 50],
    ]);
    const one = await makeListCreditHistory(w)({ limit: 1 });
    expect(one.success && one.data).toHaveLength(1);
    expect(await makeListCreditHistory(w)({ limit: 0 })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
  });

  it('app §8: balance and history answer No authenticated user when signed out', async () => {
    const w = inMemoryAppWorld();
    for (const r of [await makeGetCreditBalance(w)(), await makeListCreditHistory(w)()]) {
      expect(r).toEqual({ success: false, error: expect.objectContaining({ message: NO_AUTHENTICATED_USER }) });
    }
  });

  it('a balance that cannot be read is answered as the error (the ledger is authoritative)', async () => {
    const w = inMemoryAppWorld();
    w.signIn();
    w.usageLedger.failures.failNext('getBalance', domainError('network', 'db down'));
    expect(await makeGetCreditBalance(w)()).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
  });
});

describe('grant credits (support)', () => {
  const setup = () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    return { w, userId, grant: makeGrantCredits(w) };
  };

  it('grants a positive whole amount with a reason, recorded as a manual grant', async () => {
    const { w, userId, grant } = setup();
    const granted = await grant({ userId, amount: 250, reason: ' Refund for outage ', reference: 'ticket-42' });
    expect(granted).toEqual({ success: true, data: expect.objectContaining({ kind: 'manual_grant', amount: 250, reason: 'Refund for outage', reference: 'ticket-42' }) });
    expect(await w.usageLedger.getBalance(userId)).toEqual({ success: true, data: 250 });
    expect(w.logger.at('info')).toHaveLength(1);
  });

  it('the same reference twice grants once', async () => {
    const { w, userId, grant } = setup();
    await grant({ userId, amount: 100, reason: 'Goodwill', reference: 'ticket-7' });
    await grant({ userId, amount: 100, reason: 'Goodwill', reference: 'ticket-7' });
    expect(await w.usageLedger.getBalance(userId)).toEqual({ success: true, data: 100 });
  });

  it('refuses an amount that is not a whole number above 0, and a missing reason', async () => {
    const { w, userId, grant } = setup();
    const cases: [number, string, string][] = [
      [0, 'ok', 'Amount must be greater than or equal to 1'],
      [-10, 'ok', 'Amount must be greater than or equal to 1'],
      [1.5, 'ok', 'Amount must be a whole number'],
      [10, '  ', 'Reason is required'],
    ];
    for (const [amount, reason, message] of cases) {
      expect(await grant({ userId, amount, reason })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message }) });
    }
    expect(await grant({ userId: '', amount: 1, reason: 'x' })).toEqual({ success: false, error: expect.objectContaining({ message: 'User id is required' }) });
    // A reference the ledger could not keep is refused here, not by the database.
    expect(await grant({ userId, amount: 1, reason: 'x', reference: 'r'.repeat(201) })).toEqual({
      success: false, error: expect.objectContaining({ code: 'validation', message: 'Reference must contain at most 200 characters' }),
    });
    expect(await w.usageLedger.getBalance(userId)).toEqual({ success: true, data: 0 });
  });
});
