/**
 * CreditBalance contract: what a user may read of their credits (balance, ledger lines newest
 * first). Run against every adapter of the port: the in-memory and Supabase ledgers (the server's)
 * and the browser's ApiCreditBalance over /api/credits.
 *
 * Harness the factory provides:
 * - `balance`: the adapter;
 * - `createUser()`: a fresh user with no credits and no lines; answers the id;
 * - `grant(userId, amount)`: credits granted the way the server grants them;
 * - `actAs(userId)`: makes `balance` read for that user (the browser's adapter sends that user's
 *   token; adapters that take the userId argument need do nothing).
 */
import { describe, expect, it } from 'vitest';
import type { CreditBalance, UsageLedger } from '../../core/credits/index.js';

export interface CreditBalanceHarness {
  readonly balance: CreditBalance;
  createUser(): Promise<string>;
  grant(userId: string, amount: number): Promise<void>;
  actAs(userId: string): Promise<void>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

/** A server-side ledger's harness as a CreditBalance harness: it reads and grants itself. */
export const ledgerAsBalance =
  (make: () => Promise<{ ledger: UsageLedger; createUser(): Promise<string> }>) =>
  async (): Promise<CreditBalanceHarness> => {
    const h = await make();
    return {
      balance: h.ledger,
      createUser: () => h.createUser(),
      grant: async (userId, amount) => {
        data(await h.ledger.grantCredits({ userId, amount, kind: 'manual_grant', reason: 'contract test', reference: null }));
      },
      actAs: async () => undefined,
    };
  };

export function creditBalanceContract(name: string, makeHarness: () => Promise<CreditBalanceHarness>): void {
  describe(`CreditBalance contract: ${name}`, () => {
    const fresh = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user };
    };

    it('a new user has a balance of 0 and no lines', async () => {
      const { h, user } = await fresh();
      expect(data(await h.balance.getBalance(user))).toBe(0);
      expect(data(await h.balance.listEntries(user))).toEqual([]);
    });

    it('grants raise the balance and are listed newest first, each with the balance after it', async () => {
      const { h, user } = await fresh();
      await h.grant(user, 30);
      await h.grant(user, 12);
      expect(data(await h.balance.getBalance(user))).toBe(42);
      const lines = data(await h.balance.listEntries(user));
      expect(lines.map((l) => [l.amount, l.balanceAfter, l.kind, l.userId])).toEqual([
        [12, 42, 'manual_grant', user],
        [30, 30, 'manual_grant', user],
      ]);
    });

    it('balances and lines are per user', async () => {
      const h = await makeHarness();
      const [a, b] = [await h.createUser(), await h.createUser()];
      await h.grant(a, 30);
      await h.actAs(b);
      expect(data(await h.balance.getBalance(b))).toBe(0);
      expect(data(await h.balance.listEntries(b))).toEqual([]);
    });

    it('listEntries honours the limit', async () => {
      const { h, user } = await fresh();
      for (let i = 0; i < 3; i += 1) await h.grant(user, 1);
      expect(data(await h.balance.listEntries(user, { limit: 2 }))).toHaveLength(2);
    });
  });
}
