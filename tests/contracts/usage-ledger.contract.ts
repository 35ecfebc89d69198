/**
 * UsageLedger contract (credits, server side).
 *
 * Harness the factory provides:
 * - `ledger`: the adapter, with service-role rights;
 * - `createUser()`: a fresh user with no credits (a Supabase adapter signs one up through the
 *   stand-in; the app server's /api can create one through its test hooks); answers the id;
 * - `pricedModel`: a model id the ledger has a price for, with that price (credits per 1k tokens).
 * - `expireHolds(userId)` (ledgers that hold): makes every hold of the user expire, as time passing
 *   would (an in-memory clock moves on; the stand-in's rows are dated back).
 * - `monthPasses(userId)`: makes the user's charges so far belong to the previous calendar month
 *   (an in-memory clock moves to the next month; the stand-in's rows are dated back).
 *
 * Option `knowsUsers` (ledgers kept beside the users' profiles): credits move only for a user who
 * has a profile; a standalone in-memory ledger, which has no users, does not register that case.
 * The reads (balance, lines) are also the CreditBalance contract, which the browser's adapter runs.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { creditsForUsage } from '../../core/credits/index.js';
import type { ModelPrice, UsageLedger } from '../../core/credits/index.js';

export interface UsageLedgerHarness {
  readonly ledger: UsageLedger;
  createUser(): Promise<string>;
  readonly pricedModel: { readonly id: string } & ModelPrice;
  expireHolds?(userId: string): Promise<void>;
  monthPasses(userId: string): Promise<void>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

let references = 0;
const uniqueReference = (): string => `ref-${Date.now().toString(36)}-${(references += 1)}-${Math.random().toString(36).slice(2, 8)}`;

export function usageLedgerContract(name: string, makeHarness: () => Promise<UsageLedgerHarness>, options: { knowsUsers?: boolean } = {}): void {
  describe(`UsageLedger contract: ${name}`, () => {
    const grant = (h: UsageLedgerHarness, userId: string, amount: number, reference: string | null = uniqueReference()) =>
      h.ledger.grantCredits({ userId, amount, kind: 'manual_grant', reason: 'contract test', reference });
    const chargeCase = (title: string, body: (h: UsageLedgerHarness) => Promise<void>) =>
      it(title, async () => {
        await body(await makeHarness());
      });

    it('a new user has a balance of 0 and no entries', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      expect(data(await h.ledger.getBalance(user))).toBe(0);
      expect(data(await h.ledger.listEntries(user))).toEqual([]);
    });

    it('a grant raises the balance and is listed with the balance after it', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const entry = data(await grant(h, user, 120));
      expect(entry).toMatchObject({ userId: user, amount: 120, balanceAfter: 120, kind: 'manual_grant', reason: 'contract test' });
      expect(data(await h.ledger.getBalance(user))).toBe(120);
      expect(data(await h.ledger.listEntries(user)).map((e) => e.id)).toEqual([entry.id]);
    });

    it('a second grant with the same reference changes nothing and answers the first', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const reference = uniqueReference();
      const first = data(await grant(h, user, 40, reference));
      const second = data(await grant(h, user, 40, reference));
      expect(second.id).toBe(first.id);
      expect(data(await h.ledger.getBalance(user))).toBe(40);
      expect(data(await h.ledger.listEntries(user))).toHaveLength(1);
    });

    it('grants without a reference are never merged', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      data(await grant(h, user, 5, null));
      data(await grant(h, user, 5, null));
      expect(data(await h.ledger.getBalance(user))).toBe(10);
    });

    if (options.knowsUsers === true) {
      it('credits never move for a user who does not exist: grant, charge, hold and settle are not_found', async () => {
        const h = await makeHarness();
        const ghost = randomUUID();
        const usage = { userId: ghost, modelId: h.pricedModel.id, inputTokens: 10, outputTokens: 10 };
        const answers = [
          await h.ledger.grantCredits({ userId: ghost, amount: 5, kind: 'manual_grant', reason: 'test', reference: null }),
          await h.ledger.logUsage(usage),
          await h.ledger.holdCredits({ userId: ghost, amount: 1, ttlSeconds: 60 }),
          await h.ledger.settleHold({ holdId: randomUUID(), ...usage }),
        ];
        expect(answers.map((a) => (a.success ? 'ok' : a.error.code))).toEqual(['not_found', 'not_found', 'not_found', 'not_found']);
        expect(data(await h.ledger.listEntries(ghost))).toEqual([]);
      });
    }

    it('refuses a grant that is not a positive whole number', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      for (const amount of [0, -5, 2.5]) {
        const refused = await grant(h, user, amount);
        expect(refused.success).toBe(false);
        if (!refused.success) expect(refused.error.code).toBe('validation');
      }
      expect(data(await h.ledger.getBalance(user))).toBe(0);
    });

    chargeCase('a usage charge costs what the model price says and is listed, newest first', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 1000);
      const usage = { inputTokens: 1200, outputTokens: 800 };
      const expected = creditsForUsage(h.pricedModel, usage);
      const receipt = data(await h.ledger.logUsage({ userId: user, modelId: h.pricedModel.id, ...usage }));
      expect(receipt).toEqual({ charged: expected, balance: 1000 - expected });
      const [latest] = data(await h.ledger.listEntries(user));
      expect(latest).toMatchObject({ kind: 'usage_charge', amount: -expected, balanceAfter: 1000 - expected, modelId: h.pricedModel.id });
    });

    chargeCase('a charge larger than the balance is refused with insufficient_credits and changes nothing', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 1);
      const refused = await h.ledger.logUsage({ userId: user, modelId: h.pricedModel.id, inputTokens: 100_000, outputTokens: 100_000 });
      expect(refused.success).toBe(false);
      if (!refused.success) expect(refused.error.code).toBe('insufficient_credits');
      expect(data(await h.ledger.getBalance(user))).toBe(1);
    });

    chargeCase('50 concurrent charges on a small balance never go below zero and charge exactly what was used', async (h) => {
      const user = await h.createUser();
      const usage = { inputTokens: 1000, outputTokens: 1000 };
      const each = creditsForUsage(h.pricedModel, usage);
      const affordable = 7;
      await grant(h, user, each * affordable + (each > 1 ? each - 1 : 0));
      const results = await Promise.all(
        Array.from({ length: 50 }, () => h.ledger.logUsage({ userId: user, modelId: h.pricedModel.id, ...usage })),
      );
      const charged = results.filter((r) => r.success);
      expect(charged).toHaveLength(affordable);
      for (const r of results) if (!r.success) expect(r.error.code).toBe('insufficient_credits');
      for (const r of charged) if (r.success) expect(r.data.charged).toBe(each);
      const balance = data(await h.ledger.getBalance(user));
      expect(balance).toBe(each > 1 ? each - 1 : 0);
      const charges = data(await h.ledger.listEntries(user, { limit: 100 })).filter((e) => e.kind === 'usage_charge');
      expect(charges).toHaveLength(affordable);
      expect(charges.reduce((sum, e) => sum + e.amount, 0)).toBe(-each * affordable);
      expect(Math.min(...charges.map((e) => e.balanceAfter))).toBeGreaterThanOrEqual(0);
    });

    const holdCase = (title: string, body: (h: UsageLedgerHarness) => Promise<void>) =>
      it(`holds: ${title}`, async () => {
        await body(await makeHarness());
      });
    const hold = (h: UsageLedgerHarness, userId: string, amount: number) => h.ledger.holdCredits({ userId, amount, ttlSeconds: 600 });
    const heldId = async (h: UsageLedgerHarness, userId: string, amount: number) => data(await hold(h, userId, amount)).id;
    const big = { inputTokens: 100_000, outputTokens: 100_000 };

    holdCase('a hold is admitted only within the balance minus the unexpired holds, and charges nothing', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 10);
      const first = data(await hold(h, user, 6));
      expect(first).toMatchObject({ id: expect.any(String), amount: 6 });
      expect(Date.parse(first.expiresAt)).toBeGreaterThan(Date.now() - 60_000);
      const refused = await hold(h, user, 5);
      expect(refused.success).toBe(false);
      if (!refused.success) {
        expect(refused.error.code).toBe('insufficient_credits');
        expect(refused.error.details).toMatchObject({ balance: 10, held: 6, required: 5 });
      }
      expect(data(await hold(h, user, 4)).amount).toBe(4);
      expect((await hold(h, user, 1)).success).toBe(false);
      expect(data(await h.ledger.getBalance(user))).toBe(10);
      expect(data(await h.ledger.listEntries(user)).map((e) => e.kind)).toEqual(['manual_grant']);
    });

    holdCase('a hold that is not a positive whole number of credits is refused', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 10);
      for (const amount of [0, -1, 1.5]) {
        const refused = await hold(h, user, amount);
        expect(refused.success ? 'held' : refused.error.code).toBe('validation');
      }
      expect(data(await hold(h, user, 10)).amount).toBe(10);
    });

    holdCase('settling charges exactly the usage, like logUsage, and drops the hold', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 1000);
      const usage = { inputTokens: 1200, outputTokens: 800 };
      const cost = creditsForUsage(h.pricedModel, usage);
      const holdId = await heldId(h, user, 10);
      const receipt = data(await h.ledger.settleHold({ holdId, userId: user, modelId: h.pricedModel.id, ...usage }));
      expect(receipt).toEqual({ charged: cost, balance: 1000 - cost, shortfall: 0 });
      const [latest] = data(await h.ledger.listEntries(user));
      expect(latest).toMatchObject({ kind: 'usage_charge', amount: -cost, balanceAfter: 1000 - cost, modelId: h.pricedModel.id });
      expect(data(await h.ledger.getBalance(user))).toBe(1000 - cost);
      // The hold is gone: the whole balance can be held again.
      expect(data(await hold(h, user, 1000 - cost)).amount).toBe(1000 - cost);
    });

    holdCase('settling more than the user can pay charges what is left beside the other holds and reports the shortfall', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 5);
      const cost = creditsForUsage(h.pricedModel, big);
      const a = await heldId(h, user, 3);
      const b = await heldId(h, user, 2);
      expect(data(await h.ledger.settleHold({ holdId: a, userId: user, modelId: h.pricedModel.id, ...big }))).toEqual({
        charged: 3,
        balance: 2,
        shortfall: cost - 3,
      });
      // b still holds the last 2 credits.
      expect((await hold(h, user, 1)).success).toBe(false);
      expect(data(await h.ledger.settleHold({ holdId: b, userId: user, modelId: h.pricedModel.id, ...big }))).toEqual({
        charged: 2,
        balance: 0,
        shortfall: cost - 2,
      });
      expect(data(await h.ledger.getBalance(user))).toBe(0);
      const charges = data(await h.ledger.listEntries(user)).filter((e) => e.kind === 'usage_charge');
      expect(charges.map((e) => e.amount)).toEqual([-2, -3]);
      expect(Math.min(...charges.map((e) => e.balanceAfter))).toBe(0);
    });

    holdCase('settling an unknown hold still charges the answer, capped by the balance minus the holds', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 100);
      const usage = { inputTokens: 1000, outputTokens: 1000 };
      const cost = creditsForUsage(h.pricedModel, usage);
      expect(data(await h.ledger.settleHold({ holdId: randomUUID(), userId: user, modelId: h.pricedModel.id, ...usage }))).toEqual({
        charged: cost,
        balance: 100 - cost,
        shortfall: 0,
      });
      await heldId(h, user, 100 - cost - 1);
      const capped = data(await h.ledger.settleHold({ holdId: randomUUID(), userId: user, modelId: h.pricedModel.id, ...big }));
      expect(capped).toEqual({ charged: 1, balance: 100 - cost - 1, shortfall: creditsForUsage(h.pricedModel, big) - 1 });
      const nothingLeft = data(await h.ledger.settleHold({ holdId: randomUUID(), userId: user, modelId: h.pricedModel.id, ...usage }));
      expect(nothingLeft).toEqual({ charged: 0, balance: 100 - cost - 1, shortfall: cost });
      expect(data(await h.ledger.getBalance(user))).toBe(100 - cost - 1);
    });

    holdCase('releasing drops the hold uncharged, and releasing again (or someone else\'s hold) changes nothing', async (h) => {
      const [user, other] = [await h.createUser(), await h.createUser()];
      await grant(h, user, 10);
      await grant(h, other, 10);
      const holdId = await heldId(h, user, 10);
      const theirs = await heldId(h, other, 10);
      expect(data(await h.ledger.releaseHold({ holdId: theirs, userId: user }))).toEqual({ released: false });
      expect((await hold(h, other, 1)).success).toBe(false);
      expect(data(await h.ledger.releaseHold({ holdId, userId: user }))).toEqual({ released: true });
      expect(data(await h.ledger.releaseHold({ holdId, userId: user }))).toEqual({ released: false });
      expect(data(await h.ledger.releaseHold({ holdId: randomUUID(), userId: user }))).toEqual({ released: false });
      expect(data(await h.ledger.getBalance(user))).toBe(10);
      expect(data(await h.ledger.listEntries(user)).map((e) => e.kind)).toEqual(['manual_grant']);
      expect(data(await hold(h, user, 10)).amount).toBe(10);
    });

    holdCase('expired holds stop counting by themselves; settling one still charges', async (h) => {
      if (!h.expireHolds) throw new Error('a ledger that holds must let the contract expire holds (expireHolds)');
      const user = await h.createUser();
      await grant(h, user, 10);
      const stale = await heldId(h, user, 10);
      expect((await hold(h, user, 1)).success).toBe(false);
      await h.expireHolds(user);
      const fresh = await heldId(h, user, 10);
      expect(data(await h.ledger.releaseHold({ holdId: stale, userId: user }))).toEqual({ released: false });
      expect(data(await h.ledger.releaseHold({ holdId: fresh, userId: user }))).toEqual({ released: true });
      const usage = { inputTokens: 100, outputTokens: 100 };
      const cost = creditsForUsage(h.pricedModel, usage);
      expect(data(await h.ledger.settleHold({ holdId: stale, userId: user, modelId: h.pricedModel.id, ...usage }))).toEqual({
        charged: cost,
        balance: 10 - cost,
        shortfall: 0,
      });
    });

    holdCase('50 concurrent holds on a small balance admit exactly floor(balance / amount), per user', async (h) => {
      const [a, b] = [await h.createUser(), await h.createUser()];
      const amount = 3;
      await grant(h, a, 23);
      await grant(h, b, 23);
      const results = await Promise.all(Array.from({ length: 100 }, (_, i) => hold(h, i % 2 === 0 ? a : b, amount)));
      for (const user of [a, b]) {
        const mine = results.filter((_, i) => (i % 2 === 0 ? a : b) === user);
        expect(mine.filter((r) => r.success)).toHaveLength(Math.floor(23 / amount));
        for (const r of mine) if (!r.success) expect(r.error.code).toBe('insufficient_credits');
        expect(data(await h.ledger.getBalance(user))).toBe(23);
        expect((await hold(h, user, 23 - Math.floor(23 / amount) * amount)).success).toBe(true);
        expect((await hold(h, user, 1)).success).toBe(false);
      }
    });

    // The monthly spending cap (SpendingCaps): spent = charged this calendar month + held now.
    const capCase = (title: string, body: (h: UsageLedgerHarness) => Promise<void>) =>
      it(`spending cap: ${title}`, async () => {
        await body(await makeHarness());
      });
    const usage = { inputTokens: 1000, outputTokens: 1000 };

    capCase("a hold is admitted only while this month's charges, the holds and it stay within the cap; a refusal names them and holds nothing", async (h) => {
      const user = await h.createUser();
      await grant(h, user, 1000);
      const charged = data(await h.ledger.logUsage({ userId: user, modelId: h.pricedModel.id, ...usage })).charged;
      expect(charged).toBeGreaterThan(0);
      const cap = charged + 10;
      expect(data(await h.ledger.setSpendingCap({ userId: user, cap }))).toEqual({ cap, spent: charged });
      data(await hold(h, user, 6));
      const refused = await hold(h, user, 5);
      expect(refused.success).toBe(false);
      if (!refused.success) {
        expect(refused.error.code).toBe('spending_cap_reached');
        expect(refused.error.details).toMatchObject({ cap, spent: charged + 6, required: 5 });
      }
      data(await hold(h, user, 4));
      const full = await hold(h, user, 1);
      expect(full.success ? 'admitted' : full.error.code).toBe('spending_cap_reached');
      expect(data(await h.ledger.getSpendingCap(user))).toEqual({ cap, spent: cap });
      // The balance decides first: a hold the balance cannot cover is insufficient_credits, cap or not.
      const short = await hold(h, user, 10_000);
      expect(short.success ? 'admitted' : short.error.code).toBe('insufficient_credits');
      expect(data(await h.ledger.getBalance(user))).toBe(1000 - charged);
    });

    capCase('removing the cap, or raising it, admits again; without a cap only the balance decides', async (h) => {
      const user = await h.createUser();
      await grant(h, user, 100);
      data(await h.ledger.setSpendingCap({ userId: user, cap: 3 }));
      expect((await hold(h, user, 4)).success).toBe(false);
      data(await h.ledger.setSpendingCap({ userId: user, cap: 4 }));
      data(await hold(h, user, 4));
      data(await h.ledger.setSpendingCap({ userId: user, cap: null }));
      data(await hold(h, user, 96));
      expect(data(await h.ledger.getSpendingCap(user))).toEqual({ cap: null, spent: 100 });
    });

    capCase("charges of an earlier month do not count against this month's cap", async (h) => {
      const user = await h.createUser();
      await grant(h, user, 1000);
      const charged = data(await h.ledger.logUsage({ userId: user, modelId: h.pricedModel.id, ...usage })).charged;
      data(await h.ledger.setSpendingCap({ userId: user, cap: charged }));
      expect((await hold(h, user, 1)).success).toBe(false);
      await h.monthPasses(user);
      expect(data(await h.ledger.getSpendingCap(user))).toEqual({ cap: charged, spent: 0 });
      data(await hold(h, user, charged));
    });

    capCase('concurrent holds never pass the cap together, per user', async (h) => {
      const [a, b] = [await h.createUser(), await h.createUser()];
      for (const user of [a, b]) {
        await grant(h, user, 1000);
        data(await h.ledger.setSpendingCap({ userId: user, cap: 20 }));
      }
      const results = await Promise.all(Array.from({ length: 40 }, (_, i) => hold(h, i % 2 === 0 ? a : b, 3)));
      for (const user of [a, b]) {
        const mine = results.filter((_, i) => (i % 2 === 0 ? a : b) === user);
        expect(mine.filter((r) => r.success)).toHaveLength(6);
        for (const r of mine) if (!r.success) expect(r.error.code).toBe('spending_cap_reached');
        expect(data(await h.ledger.getSpendingCap(user))).toEqual({ cap: 20, spent: 18 });
      }
    });

    it('balances and entries are per user', async () => {
      const h = await makeHarness();
      const [a, b] = [await h.createUser(), await h.createUser()];
      await grant(h, a, 30);
      expect(data(await h.ledger.getBalance(b))).toBe(0);
      expect(data(await h.ledger.listEntries(b))).toEqual([]);
    });

    it('listEntries honours the limit', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      for (let i = 0; i < 3; i += 1) await grant(h, user, 1);
      expect(data(await h.ledger.listEntries(user, { limit: 2 }))).toHaveLength(2);
    });
  });
}
