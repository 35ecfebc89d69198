/**
 * UsageLedger contract (credits, server side).
 *
 * Harness the factory provides:
 * - `ledger`: the adapter, with service-role rights;
 * - `createUser()`: a fresh user with no credits (a Supabase adapter signs one up through the
 *   stand-in; the app server's /api can create one through its test hooks); answers the id;
 * - `pricedModel`: a model id the ledger has a price for, with that price (credits per 1k tokens).
 * - `serverGrants` (only for the browser's ledger): see ServerGrants.
 */
import { describe, expect, it } from 'vitest';
import { creditsForUsage } from '../../core/domain/usage-pricing.js';
import type { ModelPrice } from '../../core/domain/usage-pricing.js';
import type { UsageLedger } from '../../core/ports/usage-ledger.js';

/**
 * The browser's ApiUsageLedger only reads: credits are granted and charged by the app server,
 * never from a browser (DESIGN.md: log_usage is the service role's). With this capability the
 * contract grants through the server's own ledger and reads through the adapter; the charge cases
 * (logUsage, whose charge the server computes while it answers a chat) are left out here and
 * checked against real chats in tests/contracts/api-usage-ledger.test.ts. Ledgers that write
 * (in memory, Supabase) must not set it.
 */
export type ServerGrants = UsageLedger['grantCredits'];

export interface UsageLedgerHarness {
  readonly ledger: UsageLedger;
  createUser(): Promise<string>;
  readonly pricedModel: { readonly id: string } & ModelPrice;
  readonly serverGrants?: ServerGrants;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

let references = 0;
const uniqueReference = (): string => `ref-${Date.now().toString(36)}-${(references += 1)}-${Math.random().toString(36).slice(2, 8)}`;

export function usageLedgerContract(name: string, makeHarness: () => Promise<UsageLedgerHarness>): void {
  describe(`UsageLedger contract: ${name}`, () => {
    const grant = (h: UsageLedgerHarness, userId: string, amount: number, reference: string | null = uniqueReference()) =>
      (h.serverGrants ?? h.ledger.grantCredits.bind(h.ledger))({ userId, amount, kind: 'manual_grant', reason: 'contract test', reference });
    // The charge cases need a ledger that charges; a read-only browser ledger leaves that to the server.
    const chargeCase = (title: string, body: (h: UsageLedgerHarness) => Promise<void>) =>
      it(title, async ({ skip }) => {
        const h = await makeHarness();
        skip(h.serverGrants !== undefined, 'read-only ledger: the server charges (see ServerGrants)');
        await body(h);
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
