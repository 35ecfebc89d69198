import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../support/chromium.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkout, listResource, order } from '@ensemble/billing-client/schemas';
import { SANDBOX_BANNER, DEFAULT_SEED_PLAN } from '@ensemble/billing-sandbox';
import { commerceSandbox, newCheckout, type Receiver } from './commerce-harness.js';
import { wire, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
let hooks: Receiver;
let close: () => Promise<void>;
let browser: Browser;
let app: { url: string; server: Server };

beforeAll(async () => {
  ({ t, hooks, close } = await commerceSandbox());
  // The hosted page must reach the sandbox at the address the browser sees.
  t.sandbox.ctx.publicUrl = t.sandbox.url;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Thanks from the app</h1>'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  app = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  browser = await chromium.launch({
    executablePath: chromiumPath(),
    args: CHROMIUM_ARGS,
  });
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => { app.server.closeAllConnections(); app.server.close(() => resolve()); });
  await close();
});

describe('hosted checkout page (README "Hosted checkout")', () => {
  it('shows product, price and the sandbox label; a declined card shows the PaymentError; 4242 pays and lands on success_url', async () => {
    const created = await newCheckout(t, { success_url: `${app.url}/welcome?checkout_id={CHECKOUT_ID}` });
    const page = await browser.newPage();
    try {
      await page.goto(created.url);
      await expect(page.locator('#sandbox-banner').textContent()).resolves.toBe(SANDBOX_BANNER);
      await expect(page.locator('#product-name').textContent()).resolves.toBe(DEFAULT_SEED_PLAN.name);
      await expect(page.locator('#total-amount').textContent()).resolves.toBe('$25.00');

      await page.getByLabel('Discount code').fill(t.seed.discountCode);
      await page.getByRole('button', { name: 'Apply' }).click();
      await page.getByRole('status').filter({ hasText: 'Discount applied.' }).waitFor();
      await expect(page.locator('#total-amount').textContent()).resolves.toBe('$20.00');

      await page.getByLabel('E-mail').fill('browser@example.com');
      await page.getByLabel('Country').selectOption('FR');
      await page.getByLabel('Name on card').fill('Ada Lovelace');
      await page.getByLabel('Card number').fill('4000 0000 0000 0002');
      await page.getByLabel('Expiry (MM/YY)').fill('12/34');
      await page.getByLabel('CVC').fill('123');
      await page.getByRole('button', { name: /^Pay/ }).click();
      const alert = page.getByRole('alert');
      await alert.filter({ hasText: 'PaymentError' }).waitFor();
      await expect(alert.textContent()).resolves.toContain('Your card was declined.');

      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await Promise.all([page.waitForURL(`${app.url}/welcome?checkout_id=${created.id}`), page.getByRole('button', { name: /^Pay/ }).click()]);
      await expect(page.locator('h1').textContent()).resolves.toBe('Thanks from the app');
    } finally {
      await page.close();
    }
    const after = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
    expect(after).toMatchObject({ status: 'succeeded', customer_email: 'browser@example.com', total_amount: 2000 });
    const orders = wire(listResource(order), await t.api('GET', `/v1/orders/?checkout_id=${created.id}`));
    expect(orders.items[0]).toMatchObject({ total_amount: 2000, discount_amount: 500, billing_reason: 'subscription_create' });
    await hooks.waitFor('order.paid', orders.items[0]?.id);
  });

  it('an expired checkout shows the expired page (410); an unknown one a 404 page', async () => {
    const missing = await fetch(`${t.sandbox.url}/checkout/polar_c_doesnotexist`);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toContain('Checkout not found');
    const created = await newCheckout(t);
    await t.api('POST', '/v1/__sandbox/clock/advance', { seconds: 2 * 24 * 3600 });
    const expired = await fetch(created.url.replace(t.sandbox.ctx.publicUrl, t.sandbox.url));
    expect(expired.status).toBe(410);
    expect(await expired.text()).toContain('Checkout expired');
  });
});
