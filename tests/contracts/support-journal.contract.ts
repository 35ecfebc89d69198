/**
 * SupportJournal contract (the support program, service role).
 *
 * Harness the factory provides:
 * - `journal`: the adapter;
 * - `createUser()`: a fresh user with a profile and no credits; answers the id;
 * - `balanceOf(userId)`: the user's balance as the ledger the journal writes to keeps it.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { SupportJournal } from '../../core/account/index.js';

export interface SupportJournalHarness {
  readonly journal: SupportJournal;
  createUser(): Promise<string>;
  balanceOf(userId: string): Promise<number>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

const uniqueReference = (): string => `support-${randomUUID()}`;

export function supportJournalContract(name: string, makeHarness: () => Promise<SupportJournalHarness>): void {
  describe(`SupportJournal contract: ${name}`, () => {
    const change = (h: SupportJournalHarness, userId: string, amount: number, options: { reference?: string | null; operator?: string } = {}) =>
      h.journal.changeCredits({ userId, amount, reason: 'contract test', reference: options.reference ?? null, operator: options.operator ?? 'alice' });
    const billingAction = (userId: string | null, action: 'cancel' | 'resume' | 'revoke' | 'refund', subject: string) => ({
      userId,
      operator: 'bob',
      action,
      subject,
      amount: action === 'refund' ? 1200 : null,
      currency: action === 'refund' ? 'usd' : null,
      reason: 'asked by the customer',
      comment: action === 'refund' ? 'double charge' : null,
      environment: 'sandbox',
    });

    it('a grant writes a ledger line and raises the balance, with who made it', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const reference = uniqueReference();
      const granted = data(await change(h, user, 50, { reference }));
      expect(granted).toMatchObject({ operator: 'alice', repeated: false, balance: 50 });
      expect(granted.entry).toMatchObject({ userId: user, kind: 'manual_grant', amount: 50, balanceAfter: 50, reason: 'contract test', reference });
      expect(await h.balanceOf(user)).toBe(50);
      const [action] = data(await h.journal.listForUser(user, { limit: 10 }));
      expect(action).toMatchObject({ userId: user, operator: 'alice', action: 'grant', subject: `ledger:${granted.entry.id}`, amount: 50, reason: 'contract test' });
    });

    it('a debit takes credits off with a line of its own', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      data(await change(h, user, 50));
      const debited = data(await change(h, user, -20, { operator: 'carol' }));
      expect(debited).toMatchObject({ operator: 'carol', repeated: false, balance: 30 });
      expect(debited.entry).toMatchObject({ userId: user, kind: 'adjustment', amount: -20, balanceAfter: 30 });
      expect(await h.balanceOf(user)).toBe(30);
      expect(data(await h.journal.listForUser(user, { limit: 10 }))[0]).toMatchObject({ action: 'debit', amount: -20, operator: 'carol', subject: `ledger:${debited.entry.id}` });
    });

    it('a debit below zero is refused, naming the balance and the debit, and changes nothing', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      data(await change(h, user, 30));
      const refused = await change(h, user, -31);
      expect(refused).toMatchObject({ success: false, error: { code: 'insufficient_credits', details: { balance: 30, debit: 31 } } });
      expect(await h.balanceOf(user)).toBe(30);
      expect(data(await h.journal.listForUser(user, { limit: 10 }))).toHaveLength(1);
      expect(data(await change(h, user, -30)).balance).toBe(0);
    });

    it('the same reference for the same user and amount is a repeat: the first line and operator, nothing changed', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const reference = uniqueReference();
      const first = data(await change(h, user, 40, { reference, operator: 'alice' }));
      const again = data(await change(h, user, 40, { reference, operator: 'carol' }));
      expect(again).toMatchObject({ repeated: true, operator: 'alice', balance: 40 });
      expect(again.entry.id).toBe(first.entry.id);
      expect(await h.balanceOf(user)).toBe(40);
      expect(data(await h.journal.listForUser(user, { limit: 10 }))).toHaveLength(1);
    });

    it('a reference reused for another amount or another user is a conflict, and changes nothing', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const other = await h.createUser();
      const reference = uniqueReference();
      data(await change(h, user, 40, { reference }));
      const otherAmount = await change(h, user, 41, { reference });
      expect(otherAmount).toMatchObject({ success: false, error: { code: 'conflict', details: { usedAmount: 40 } } });
      const otherUser = await change(h, other, 40, { reference });
      expect(otherUser).toMatchObject({ success: false, error: { code: 'conflict' } });
      expect(await h.balanceOf(user)).toBe(40);
      expect(await h.balanceOf(other)).toBe(0);
      expect(data(await h.journal.listForUser(user, { limit: 10 }))).toHaveLength(1);
      expect(data(await h.journal.listForUser(other, { limit: 10 }))).toEqual([]);
    });

    it('records billing actions and lists a user’s actions newest first, up to the limit', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const granted = data(await change(h, user, 10));
      expect(data(await h.journal.listForUser(user, { limit: 1 }))[0]).toMatchObject({ action: 'grant', status: 'done', settledAt: null });
      const cancelled = data(await h.journal.begin(billingAction(user, 'cancel', 'sub_1')));
      expect(cancelled).toMatchObject({ userId: user, operator: 'bob', action: 'cancel', subject: 'sub_1', amount: null, currency: null, comment: null, environment: 'sandbox', status: 'pending', settledAt: null });
      expect(Number.isNaN(Date.parse(cancelled.createdAt))).toBe(false);
      const refunded = data(await h.journal.begin(billingAction(user, 'refund', 'ord_1')));
      expect(refunded).toMatchObject({ action: 'refund', subject: 'ord_1', amount: 1200, currency: 'usd', comment: 'double charge', reason: 'asked by the customer', status: 'pending' });
      const settled = data(await h.journal.complete(refunded.id, { subject: 'ref_1', amount: 1100, currency: null }));
      expect(settled).toMatchObject({ id: refunded.id, subject: 'ref_1', amount: 1100, currency: 'usd', status: 'done' });
      expect(Number.isNaN(Date.parse(settled.settledAt ?? ''))).toBe(false);
      const listed = data(await h.journal.listForUser(user, { limit: 10 }));
      expect(listed.map((a) => [a.action, a.subject, a.status])).toEqual([
        ['refund', 'ref_1', 'done'],
        ['cancel', 'sub_1', 'pending'],
        ['grant', `ledger:${granted.entry.id}`, 'done'],
      ]);
      expect(listed[0]).toEqual(settled);
      expect(data(await h.journal.listForUser(user, { limit: 2 })).map((a) => a.id)).toEqual([refunded.id, cancelled.id]);
    });

    it('a pending action is settled once: completing it again answers it as it stands; abandoning removes only a pending one', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const refund = data(await h.journal.begin(billingAction(user, 'refund', 'ord_2')));
      const first = data(await h.journal.complete(refund.id, { subject: 'ref_2', amount: 1200, currency: 'usd' }));
      const again = data(await h.journal.complete(refund.id, { subject: 'ref_other', amount: 5, currency: 'eur' }));
      expect(again).toEqual(first);
      expect(data(await h.journal.abandon(refund.id))).toBe(false);
      const cancel = data(await h.journal.begin(billingAction(user, 'cancel', 'sub_5')));
      expect(data(await h.journal.abandon(cancel.id))).toBe(true);
      expect(data(await h.journal.abandon(cancel.id))).toBe(false);
      expect(data(await h.journal.listForUser(user, { limit: 10 })).map((a) => a.id)).toEqual([refund.id]);
      expect(await h.journal.complete(cancel.id, { subject: 'sub_5', amount: null, currency: null })).toMatchObject({ success: false, error: { code: 'not_found' } });
    });

    it('a credit line is no billing action: it cannot be completed or abandoned', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      data(await change(h, user, 10));
      const [grant] = data(await h.journal.listForUser(user, { limit: 1 }));
      expect(await h.journal.complete(grant!.id, { subject: 'x', amount: 1, currency: null })).toMatchObject({ success: false, error: { code: 'not_found' } });
      expect(data(await h.journal.abandon(grant!.id))).toBe(false);
      expect(data(await h.journal.listForUser(user, { limit: 1 }))[0]).toEqual(grant);
    });

    it('lists the pending billing actions of every user, oldest first, and no settled one', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const other = await h.createUser();
      const a = data(await h.journal.begin(billingAction(user, 'cancel', 'sub_6')));
      const b = data(await h.journal.begin(billingAction(other, 'refund', 'ord_3')));
      const c = data(await h.journal.begin(billingAction(user, 'resume', 'sub_7')));
      data(await h.journal.complete(b.id, { subject: 'ref_3', amount: null, currency: null }));
      const pending = data(await h.journal.listPending({ limit: 500 }));
      const ours = pending.filter((p) => p.id === a.id || p.id === b.id || p.id === c.id);
      expect(ours.map((p) => p.id)).toEqual([a.id, c.id]);
      expect(pending.every((p) => p.status === 'pending')).toBe(true);
      const ids = pending.map((p) => BigInt(p.id));
      expect(ids).toEqual([...ids].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      expect(data(await h.journal.listPending({ limit: 1 }))).toHaveLength(1);
    });

    it('a billing action for an id that names no user is kept without one', async () => {
      const h = await makeHarness();
      const recorded = data(await h.journal.begin(billingAction(randomUUID(), 'revoke', 'sub_2')));
      expect(recorded).toMatchObject({ userId: null, action: 'revoke', subject: 'sub_2' });
    });

    it("one user's actions are never listed for another", async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const other = await h.createUser();
      data(await change(h, user, 10));
      data(await h.journal.begin(billingAction(user, 'resume', 'sub_3')));
      expect(data(await h.journal.listForUser(other, { limit: 10 }))).toEqual([]);
      data(await h.journal.begin(billingAction(other, 'cancel', 'sub_4')));
      const others = data(await h.journal.listForUser(other, { limit: 10 }));
      expect(others.map((a) => [a.userId, a.subject])).toEqual([[other, 'sub_4']]);
      expect(data(await h.journal.listForUser(user, { limit: 10 })).every((a) => a.userId === user)).toBe(true);
    });
  });
}
