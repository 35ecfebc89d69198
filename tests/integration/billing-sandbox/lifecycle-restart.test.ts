import { afterAll, describe, expect, it } from 'vitest';
import { checkout, listResource, order, refund, subscription } from '@ensemble/billing-client/schemas';
import { advanceClock, confirmBody, DAY, newCheckout, publicCall, uniqueEmail } from './commerce-harness.js';
import { removeDir, startTestSandbox, tempDir, wire } from './sandbox-harness.js';

const dir = tempDir();
afterAll(() => removeDir(dir));

describe('restart keeps the commerce state and the sandbox clock', () => {
  it('checkouts, subscriptions, orders, refunds, links and the clock offset survive a restart', async () => {
    const first = await startTestSandbox({ dataDir: dir });
    const paid = await newCheckout(first);
    expect((await publicCall(first, 'POST', paid.client_secret, '/confirm', confirmBody(uniqueEmail('restart')))).status).toBe(200);
    const open = await newCheckout(first);
    const o = wire(listResource(order), await first.api('GET', `/v1/orders/?checkout_id=${paid.id}`)).items[0];
    wire(refund, await first.api('POST', '/v1/refunds/', { order_id: o?.id, reason: 'other', amount: 300 }), 201);
    const link = await first.api('POST', '/v1/checkout-links/', { payment_processor: 'stripe', product_id: first.seed.productId });
    await advanceClock(first, 3 * DAY);
    const before = {
      clock: (await first.api('GET', '/v1/__sandbox/clock')).body as { offset_seconds: number },
      subs: (await first.api('GET', '/v1/subscriptions/?limit=100')).text,
      orders: (await first.api('GET', '/v1/orders/?limit=100')).text,
    };
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      const clock = (await second.api('GET', '/v1/__sandbox/clock')).body as { offset_seconds: number };
      expect(clock.offset_seconds).toBeGreaterThanOrEqual(before.clock.offset_seconds);
      expect((await second.api('GET', '/v1/subscriptions/?limit=100')).text).toBe(before.subs);
      expect((await second.api('GET', '/v1/orders/?limit=100')).text).toBe(before.orders);
      expect(wire(checkout, await second.api('GET', `/v1/checkouts/${paid.id}`)).status).toBe('succeeded');
      // three sandbox days later the open checkout has expired, and stays so
      expect(wire(checkout, await second.api('GET', `/v1/checkouts/${open.id}`)).status).toBe('expired');
      expect((await second.api('GET', `/v1/checkout-links/${(link.body as { id: string }).id}`)).status).toBe(200);
      const subs = wire(listResource(subscription), await second.api('GET', '/v1/subscriptions/'));
      expect(subs.items).toHaveLength(1);
      // a renewal after the restart still works from the stored period
      await advanceClock(second, 30 * DAY);
      const orders = wire(listResource(order), await second.api('GET', `/v1/orders/?customer_id=${subs.items[0]?.customer_id}`));
      expect(orders.items.map((x) => x.billing_reason).sort()).toEqual(['subscription_create', 'subscription_cycle']);
    } finally {
      await second.close();
    }
  });
});
