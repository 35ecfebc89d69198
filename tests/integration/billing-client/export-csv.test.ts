import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmBody, newCheckout, publicCall, uniqueEmail } from '../billing-sandbox/commerce-harness.js';
import { must, startTestSandbox, type TestSandbox } from '../billing-sandbox/sandbox-harness.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t?.close());

describe('billing client against the sandbox: subscriptions export (billing-api-part-b.md §7)', () => {
  it('billing-api-part-b.md §7: export hands out the CSV as the server sends it, `text/csv; charset=utf-8` included', async () => {
    const email = uniqueEmail('export');
    const created = await newCheckout(t);
    const confirmed = await publicCall(t, 'POST', created.client_secret, '/confirm', confirmBody(email));
    expect(confirmed.status, confirmed.text).toBe(200);

    const raw = await fetch(`${t.sandbox.url}/v1/subscriptions/export`, { headers: { authorization: `Bearer ${t.seed.accessToken}` } });
    expect(raw.headers.get('content-type')).toMatch(/^text\/csv;\s*charset=/i);
    const text = await raw.text();

    const exported = must(await t.client.subscriptions.export());
    expect(exported).toBe(text);
    expect(exported).toContain(email);
  });
});
