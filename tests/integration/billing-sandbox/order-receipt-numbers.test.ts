import { afterAll, describe, expect, it } from 'vitest';
import { checkout, listResource, order, type OrderWire } from '@ensemble/billing-client/schemas';
import type { OrderRecord } from '@ensemble/billing-sandbox/engine';
import { advanceClock, confirmBody, DAY, newCheckout, publicCall, uniqueEmail } from './commerce-harness.js';
import { removeDir, startTestSandbox, tempDir, wire, type TestSandbox } from './sandbox-harness.js';

const dir = tempDir();
afterAll(() => removeDir(dir));

/** Buys the seeded plan as a new customer; answers the checkout's order. */
async function buy(t: TestSandbox, tag: string): Promise<OrderWire> {
  const created = await newCheckout(t);
  const confirmed = await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(uniqueEmail(tag)));
  expect(confirmed.status, confirmed.text).toBe(200);
  const done = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
  const found = wire(listResource(order), await t.api('GET', `/v1/orders/?checkout_id=${done.id}`)).items[0];
  expect(found).toBeDefined();
  return found as OrderWire;
}

const sequenceOf = (receipt: string | null | undefined): number => Number(/-R(\d+)$/.exec(receipt ?? '')?.[1] ?? NaN);

describe('order receipt numbers (reference §3 "Order": receipt_number)', () => {
  it('paid orders get unique, increasing receipt numbers once, kept through refunds, invoices, renewals and a restart', async () => {
    const first = await startTestSandbox({ dataDir: dir });
    const prefix = first.seed.organizationId.slice(0, 8).toUpperCase();
    const bought = [await buy(first, 'r1'), await buy(first, 'r2'), await buy(first, 'r3')];
    for (const o of bought) {
      expect(o.status).toBe('paid');
      expect(o.receipt_number).toMatch(new RegExp(`^${prefix}-R\\d{4}$`));
      expect(o.receipt_number).not.toBe(o.invoice_number);
    }
    const sequences = bought.map((o) => sequenceOf(o.receipt_number));
    expect(sequences).toEqual([sequences[0], (sequences[0] as number) + 1, (sequences[0] as number) + 2]);

    // a refund, billing details and an invoice change the order, never its receipt number
    const target = bought[0] as OrderWire;
    expect((await first.api('POST', '/v1/refunds/', { order_id: target.id, reason: 'other', amount: 2500 })).status).toBe(201);
    expect((await first.api('PATCH', `/v1/orders/${target.id}`, { billing_name: 'Ada L.' })).status).toBe(200);
    expect((await first.api('POST', `/v1/orders/${target.id}/invoice`)).status).toBe(202);
    const refunded = wire(order, await first.api('GET', `/v1/orders/${target.id}`));
    expect(refunded).toMatchObject({ status: 'refunded', billing_name: 'Ada L.', receipt_number: target.receipt_number });
    const link = (await first.api('GET', `/v1/orders/${target.id}/receipt`)).body as { url: string };
    expect(await (await fetch(link.url)).text()).toContain(target.receipt_number as string);

    // renewals are paid orders too: each gets the next number
    await advanceClock(first, 32 * DAY);
    const cycles = wire(listResource(order), await first.api('GET', '/v1/orders/?limit=100')).items.filter((o) => o.billing_reason === 'subscription_cycle');
    expect(cycles.length).toBeGreaterThanOrEqual(2);
    const cycleSequences = cycles.map((o) => sequenceOf(o.receipt_number)).sort((a, b) => a - b);
    expect(cycleSequences[0]).toBeGreaterThan(Math.max(...sequences));
    const before = (await first.api('GET', '/v1/orders/?limit=100')).text;
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      expect((await second.api('GET', '/v1/orders/?limit=100')).text).toBe(before);
      const all = wire(listResource(order), await second.api('GET', '/v1/orders/?limit=100')).items;
      const after = await buy(second, 'r4');
      const numbers = [...all, after].map((o) => o.receipt_number);
      expect(new Set(numbers).size).toBe(numbers.length);
      expect(sequenceOf(after.receipt_number)).toBe(Math.max(...all.map((o) => sequenceOf(o.receipt_number))) + 1);
    } finally {
      await second.close();
    }
  });

  it('orders that are not paid have no receipt number, nor do orders stored before receipts were numbered', async () => {
    const t = await startTestSandbox();
    try {
      const paid = await buy(t, 'unpaid');
      const { ctx } = t.sandbox;
      const stored = ctx.db.orders.get(paid.id) as OrderRecord;
      const pending = ctx.store.transaction(() =>
        ctx.db.orders.put({ ...stored, id: crypto.randomUUID(), status: 'pending', receipt_number: null }),
      );
      const { receipt_number: _dropped, ...legacyFields } = stored;
      const legacy = ctx.store.transaction(() => ctx.db.orders.put({ ...legacyFields, id: crypto.randomUUID() }));
      expect(wire(order, await t.api('GET', `/v1/orders/${pending.id}`))).toMatchObject({ status: 'pending', paid: false, receipt_number: null });
      expect((await t.api('GET', `/v1/orders/${pending.id}/receipt`)).status).toBe(202);
      expect(wire(order, await t.api('GET', `/v1/orders/${legacy.id}`))).toMatchObject({ status: 'paid', receipt_number: null });
      // numbering goes on from the orders that hold one
      const next = await buy(t, 'after-unpaid');
      expect(sequenceOf(next.receipt_number)).toBe(sequenceOf(paid.receipt_number) + 1);
    } finally {
      await t.close();
    }
  });
});
