// The sandbox keeps each product's and customer's JSON beside the record and joins it for lists:
// the answers must read exactly as a fresh serialisation would, and follow every write at once,
// including writes to what a product shows from other records (its prices, benefits, the public URL).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '@ensemble/billing-sandbox/engine';
import { startTestSandbox, type TestSandbox } from './sandbox-harness.js';

let t: TestSandbox;
beforeAll(async () => {
  t = await startTestSandbox();
});
afterAll(() => t.close());

const body = async (path: string) => {
  const answer = await t.api('GET', path);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-type')).toBe('application/json');
  expect(answer.headers.get('polar-version')).toBe('2026-04');
  return answer;
};

describe('billing sandbox: cached answers', () => {
  it('answers a customer list as the same bytes a fresh serialisation gives, page by page', async () => {
    for (let i = 0; i < 12; i += 1) {
      const created = await t.api('POST', '/v1/customers/', { email: `cached${i}@example.com`, name: `Cached ${i}`, metadata: { i } });
      expect(created.status).toBe(201);
    }
    const first = await body('/v1/customers/?limit=5');
    expect(first.text).toBe(JSON.stringify(first.body));
    const parsed = first.body as { items: { email: string }[]; pagination: { total_count: number; max_page: number } };
    expect(parsed.items).toHaveLength(5);
    expect(parsed.pagination.total_count).toBeGreaterThanOrEqual(12);
    const again = await body('/v1/customers/?limit=5');
    expect(again.text).toBe(first.text);
    const empty = await body('/v1/customers/?limit=5&page=1000');
    expect(empty.text).toBe(JSON.stringify({ items: [], pagination: parsed.pagination }));
  });

  it('shows a customer changed or deleted at once, in its own answer and in the list', async () => {
    const created = (await t.api('POST', '/v1/customers/', { email: 'before@example.com', name: 'Before' })).body as { id: string };
    expect(((await body(`/v1/customers/${created.id}`)).body as { name: string }).name).toBe('Before');
    expect((await t.api('PATCH', `/v1/customers/${created.id}`, { name: 'After', metadata: { tier: 'gold' } })).status).toBe(200);
    const after = await body(`/v1/customers/${created.id}`);
    expect(after.body).toMatchObject({ name: 'After', metadata: { tier: 'gold' } });
    const listed = (await body('/v1/customers/?limit=100')).body as { items: { id: string; name: string }[] };
    expect(listed.items.find((c) => c.id === created.id)?.name).toBe('After');
    expect((await t.api('DELETE', `/v1/customers/${created.id}`)).status).toBe(204);
    expect((await t.api('GET', `/v1/customers/${created.id}`)).status).toBe(404);
    const relisted = (await body('/v1/customers/?limit=100')).body as { items: { id: string }[] };
    expect(relisted.items.some((c) => c.id === created.id)).toBe(false);
  });

  it("follows a product's prices, its benefits and the records they come from", async () => {
    const path = `/v1/products/${t.seed.productId}`;
    const before = await body(path);
    expect(before.text).toBe(JSON.stringify(before.body));
    // a price changed straight in the store (no product write): the product's answer shows it
    const { ctx } = t.sandbox;
    const product = ctx.db.products.get(t.seed.productId);
    const priceId = product?.price_ids[0] ?? '';
    ctx.store.transaction(() => ctx.db.prices.update(priceId, { price_amount: 2600 }));
    expect((await body(path)).body).toMatchObject({ prices: [{ id: priceId, price_amount: 2600 }] });
    // a benefit's description changed over the API
    const benefitId = t.seed.benefitIds[0] ?? '';
    expect((await t.api('PATCH', `/v1/benefits/${benefitId}`, { type: 'custom', description: 'Renamed benefit' })).status).toBe(200);
    const renamed = (await body(path)).body as { benefits: { id: string; description: string }[] };
    expect(renamed.benefits.find((b) => b.id === benefitId)?.description).toBe('Renamed benefit');
    const listed = (await body('/v1/products/')).body as { items: { id: string; benefits: { id: string; description: string }[] }[] };
    expect(listed.items.find((p) => p.id === t.seed.productId)?.benefits.find((b) => b.id === benefitId)?.description).toBe('Renamed benefit');
    // a write rolled back leaves the answer as it was
    const settled = (await body(path)).text;
    expect(() => ctx.store.transaction(() => {
      ctx.db.prices.update(priceId, { price_amount: 1 });
      throw new Error('rolled back');
    })).toThrow('rolled back');
    expect((await body(path)).text).toBe(settled);
  });

  it('answers a product created after the list was read, and a media URL under the public URL of the moment', async () => {
    const before = (await body('/v1/products/')).body as { pagination: { total_count: number } };
    const created = await t.api('POST', '/v1/products/', { name: `Cached ${newId()}`, recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 900, price_currency: 'usd' }] });
    expect(created.status).toBe(201);
    const after = (await body('/v1/products/')).body as { pagination: { total_count: number } };
    expect(after.pagination.total_count).toBe(before.pagination.total_count + 1);
    const id = (created.body as { id: string }).id;
    expect((await body(`/v1/products/${id}`)).text).toBe(created.text);
    const { ctx } = t.sandbox;
    const publicUrl = ctx.publicUrl;
    const fileId = newId();
    ctx.store.transaction(() => {
      ctx.db.files.put({
        id: fileId, created_at: ctx.now(), modified_at: null, organization_id: t.seed.organizationId, name: 'cover.png',
        path: `${t.seed.organizationId}/${fileId}/cover.png`, mime_type: 'image/png', size: 4, service: 'product_media', version: null,
        checksum_sha256_base64: null, checksum_sha256_hex: null, checksum_etag: null, last_modified_at: null, is_uploaded: true,
        upload_id: newId(), parts: [], deleted_at: null,
      });
      ctx.db.productExtras.put({ id, custom_fields: [], media_ids: [fileId] });
    });
    const shown = (await body(`/v1/products/${id}`)).body as { medias: { public_url: string }[] };
    expect(shown.medias[0]?.public_url.startsWith(publicUrl)).toBe(true);
    try {
      ctx.publicUrl = 'http://sandbox.test:1234';
      const moved = (await body(`/v1/products/${id}`)).body as { medias: { public_url: string }[] };
      expect(moved.medias[0]?.public_url.startsWith('http://sandbox.test:1234/')).toBe(true);
    } finally {
      ctx.publicUrl = publicUrl;
    }
  });
});
