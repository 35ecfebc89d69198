/**
 * SpendingCaps contract: each user's monthly spending cap, and what they spent this month. Run
 * against every adapter of the port: the in-memory and Supabase ledgers (the server's) and the
 * browser's ApiSpendingCaps over /api/account/spending-cap. How holds keep to the cap is the
 * UsageLedger contract's ("spending cap" cases).
 *
 * Harness the factory provides:
 * - `caps`: the adapter;
 * - `createUser()`: a fresh user with no credits, no cap and nothing spent; answers the id;
 * - `hold(userId, amount)`: gives the user `amount` credits and holds them, as a running answer
 *   would (through the server's ledger);
 * - `actAs(userId)`: makes `caps` act for that user (the browser's adapter sends that user's token;
 *   adapters that take the userId argument need do nothing).
 */
import { describe, expect, it } from 'vitest';
import { MAX_MONTHLY_CREDIT_CAP, type SpendingCaps } from '../../core/credits/index.js';

export interface SpendingCapsHarness {
  readonly caps: SpendingCaps;
  createUser(): Promise<string>;
  hold(userId: string, amount: number): Promise<void>;
  actAs(userId: string): Promise<void>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

export function spendingCapsContract(name: string, makeHarness: () => Promise<SpendingCapsHarness>): void {
  describe(`SpendingCaps contract: ${name}`, () => {
    const as = async (h: SpendingCapsHarness, userId: string) => (await h.actAs(userId), userId);

    it('a new user has no cap and has spent nothing this month', async () => {
      const h = await makeHarness();
      const user = await as(h, await h.createUser());
      expect(data(await h.caps.getSpendingCap(user))).toEqual({ cap: null, spent: 0 });
    });

    it('a cap is set, replaced and removed; each answer is the state saved', async () => {
      const h = await makeHarness();
      const user = await as(h, await h.createUser());
      expect(data(await h.caps.setSpendingCap({ userId: user, cap: 50 }))).toEqual({ cap: 50, spent: 0 });
      expect(data(await h.caps.getSpendingCap(user))).toEqual({ cap: 50, spent: 0 });
      expect(data(await h.caps.setSpendingCap({ userId: user, cap: MAX_MONTHLY_CREDIT_CAP }))).toEqual({ cap: MAX_MONTHLY_CREDIT_CAP, spent: 0 });
      expect(data(await h.caps.setSpendingCap({ userId: user, cap: null }))).toEqual({ cap: null, spent: 0 });
      expect(data(await h.caps.getSpendingCap(user))).toEqual({ cap: null, spent: 0 });
      // Removing a cap that is not there changes nothing.
      expect(data(await h.caps.setSpendingCap({ userId: user, cap: null }))).toEqual({ cap: null, spent: 0 });
    });

    it('spent this month counts what running answers hold', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.hold(user, 7);
      await h.actAs(user);
      expect(data(await h.caps.getSpendingCap(user))).toEqual({ cap: null, spent: 7 });
      expect(data(await h.caps.setSpendingCap({ userId: user, cap: 5 }))).toEqual({ cap: 5, spent: 7 });
    });

    it('a cap that is not a whole number of credits from 1 to the maximum is refused, and the cap stays', async () => {
      const h = await makeHarness();
      const user = await as(h, await h.createUser());
      data(await h.caps.setSpendingCap({ userId: user, cap: 30 }));
      for (const cap of [0, -5, 2.5, MAX_MONTHLY_CREDIT_CAP + 1]) {
        const refused = await h.caps.setSpendingCap({ userId: user, cap });
        expect(refused.success, `cap ${cap}`).toBe(false);
        if (!refused.success) expect(refused.error.code).toBe('validation');
      }
      expect(data(await h.caps.getSpendingCap(user))).toEqual({ cap: 30, spent: 0 });
    });

    it("one user's cap and spending are not another's", async () => {
      const h = await makeHarness();
      const [a, b] = [await h.createUser(), await h.createUser()];
      await h.hold(a, 4);
      data(await h.caps.setSpendingCap({ userId: await as(h, a), cap: 50 }));
      expect(data(await h.caps.getSpendingCap(await as(h, b)))).toEqual({ cap: null, spent: 0 });
      data(await h.caps.setSpendingCap({ userId: b, cap: 70 }));
      data(await h.caps.setSpendingCap({ userId: b, cap: null }));
      expect(data(await h.caps.getSpendingCap(await as(h, a)))).toEqual({ cap: 50, spent: 4 });
    });
  });
}
