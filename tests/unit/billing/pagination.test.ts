import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '@ensemble/billing-client';
import { mockBilling, type Seen } from '../../support/billing-mock.js';
import { benefitWire } from '../../support/billing-fixtures/benefits.js';

let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

/** A server holding `total` benefits that answers any page/limit, capping limit at `cap`. */
function serveBenefits(total: number, cap = 100) {
  api.reply(
    'GET',
    '/v1/benefits/',
    (seen: Seen) => {
      const q = new URLSearchParams(seen.rawQuery);
      const page = Number(q.get('page') ?? 1);
      const limit = Math.min(Number(q.get('limit') ?? 10), cap);
      const start = (page - 1) * limit;
      const items = Array.from({ length: Math.max(0, Math.min(limit, total - start)) }, (_, i) =>
        benefitWire({ id: `benefit-${start + i}`, description: `Benefit ${start + i}` }),
      );
      return { status: 200, body: { items, pagination: { total_count: total, max_page: Math.ceil(total / limit) } } };
    },
    50,
  );
}
const pagesSeen = () => api.seen.map((s) => new URLSearchParams(s.rawQuery).get('page'));

describe('pagination (billing-api-part-a.md §4 "Paging", reference §1)', () => {
  it('the page iterator fetches page + 1 while the page was full and below max_page', async () => {
    api = mockBilling();
    serveBenefits(5);
    const sizes: number[] = [];
    for await (const page of api.client.benefits.list.pages({ limit: 2 })) sizes.push(page.items.length);
    expect(sizes).toEqual([2, 2, 1]);
    expect(pagesSeen()).toEqual(['1', '2', '3']);
  });

  it('a full last page stops at max_page without an extra request', async () => {
    api = mockBilling();
    serveBenefits(4);
    const ids: string[] = [];
    for await (const item of api.client.benefits.list.items({ limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(['benefit-0', 'benefit-1', 'benefit-2', 'benefit-3']);
    expect(api.seen).toHaveLength(2);
  });

  it('an empty first page stops at once; the default limit is 10', async () => {
    api = mockBilling();
    serveBenefits(0);
    const pages = [];
    for await (const page of api.client.benefits.list.pages()) pages.push(page);
    expect(pages).toHaveLength(1);
    expect(api.seen[0]!.query).toEqual(expect.arrayContaining([['page', '1'], ['limit', '10']]));
  });

  it('a requested limit above the server cap of 100 still walks every page', async () => {
    api = mockBilling();
    serveBenefits(250);
    let count = 0;
    for await (const _ of api.client.benefits.list.items({ limit: 150 })) count += 1;
    expect(count).toBe(250);
    expect(pagesSeen()).toEqual(['1', '2', '3']);
  });

  it('the item iterator is lazy: the next page is fetched only once the previous items are consumed', async () => {
    api = mockBilling();
    serveBenefits(30);
    const iterator = api.client.benefits.list.items()[Symbol.asyncIterator]();
    for (let i = 0; i < 10; i += 1) await iterator.next();
    expect(api.seen).toHaveLength(1);
    expect((await iterator.next()).value).toMatchObject({ id: 'benefit-10' });
    expect(api.seen).toHaveLength(2);
    await iterator.return?.();
  });

  it('a failing page ends iteration by throwing the typed error, after the pages before it', async () => {
    api = mockBilling();
    const full = { items: [benefitWire({ id: 'b-1' }), benefitWire({ id: 'b-2' })], pagination: { total_count: 9, max_page: 5 } };
    api.reply('GET', '/v1/benefits/', { status: 200, body: full });
    api.reply('GET', '/v1/benefits/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    const ids: string[] = [];
    let thrown: unknown;
    try {
      for await (const item of api.client.benefits.list.items({ limit: 2 })) ids.push(item.id);
    } catch (error) {
      thrown = error;
    }
    expect(ids).toEqual(['b-1', 'b-2']);
    // The list call declares no 404, so it is the generic API error (billing specs §8).
    expect(thrown).toBeInstanceOf(ApiError);
    expect(thrown).toMatchObject({ statusCode: 404 });
  });
});
