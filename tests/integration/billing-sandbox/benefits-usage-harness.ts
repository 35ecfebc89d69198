import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import { checkout, listResource, customerSession, product, subscription } from '@ensemble/billing-client/schemas';
import { confirmBody, newCheckout, publicCall, uniqueEmail } from './commerce-harness.js';
import { must, wire, type TestSandbox } from './sandbox-harness.js';

/** Helpers of the benefits-and-usage tests: products with benefits, a paid subscription through checkout, uploaded files. */
export async function productWithBenefits(t: TestSandbox, benefitIds: string[], options: { recurring?: boolean; body?: Record<string, unknown> } = {}) {
  const created = wire(product, await t.api('POST', '/v1/products/', {
    name: `Plan ${Math.random().toString(36).slice(2, 8)}`,
    recurring_interval: options.recurring === false ? null : 'month',
    prices: [{ amount_type: 'fixed', price_amount: 1000, price_currency: 'usd' }],
    ...options.body,
  }), 201);
  if (benefitIds.length === 0) return created;
  return wire(product, await t.api('POST', `/v1/products/${created.id}/benefits`, { benefits: benefitIds }));
}

export interface Purchase {
  readonly customerId: string;
  readonly checkoutId: string;
  readonly subscriptionId: string | null;
  readonly session: string;
}

/** Buys the product through a checkout confirmed with the success card; opens a customer session. */
export async function purchase(t: TestSandbox, productId: string, tag: string, extra: Record<string, unknown> = {}): Promise<Purchase> {
  const created = await newCheckout(t, { products: [productId] });
  const confirmed = await publicCall(t, 'POST', created.client_secret, '/confirm', { ...confirmBody(uniqueEmail(tag)), ...extra });
  expect(confirmed.status, confirmed.text).toBe(200);
  const after = wire(checkout, await t.api('GET', `/v1/checkouts/${created.id}`));
  expect(after.status).toBe('succeeded');
  const customerId = after.customer_id as string;
  const subs = wire(listResource(subscription), await t.api('GET', `/v1/subscriptions/?customer_id=${customerId}`));
  const session = wire(customerSession, await t.api('POST', '/v1/customer-sessions/', { customer_id: customerId }), 201).token;
  return { customerId, checkoutId: created.id, subscriptionId: subs.items[0]?.id ?? null, session };
}

export const sha256Base64 = (data: Buffer) => createHash('sha256').update(data).digest('base64');

/** Creates a file in two parts, PUTs both to the sandbox's upload URLs and completes the upload. */
export async function uploadFile(t: TestSandbox, content: Buffer, service: 'downloadable' | 'product_media' | 'organization_avatar', name = 'guide.txt') {
  const half = Math.ceil(content.length / 2);
  const chunks = [content.subarray(0, half), content.subarray(half)];
  const created = must(await t.client.files.create({
    name, mimeType: 'text/plain', size: content.length, service, checksumSha256Base64: sha256Base64(content),
    upload: { parts: chunks.map((chunk, i) => ({ number: i + 1, chunkStart: i === 0 ? 0 : half, chunkEnd: i === 0 ? half : content.length, checksumSha256Base64: sha256Base64(chunk) })) },
  }));
  const etags: string[] = [];
  for (const [i, part] of created.upload.parts.entries()) {
    const put = await fetch(part.url, { method: 'PUT', headers: part.headers ?? {}, body: new Uint8Array(chunks[i] ?? Buffer.alloc(0)) });
    expect(put.status, await put.clone().text()).toBe(200);
    etags.push(put.headers.get('etag') ?? '');
  }
  const done = must(await t.client.files.uploaded({
    id: created.id,
    fileUploadCompleted: { id: created.upload.id, path: created.upload.path, parts: etags.map((etag, i) => ({ number: i + 1, checksumEtag: etag })) },
  }));
  return { created, done };
}
