import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import { z } from 'zod';
import { bindOperations, type RequestOf, empty, json, named, operation } from '@ensemble/billing-client';
import type { CommonError, ProviderError, CallOptions } from '@ensemble/billing-client';
import { listResource, pageQuery } from '@ensemble/billing-client/schemas';
import type { Result } from '../../../core/shared/index.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { mockBilling } from '../../support/billing-mock.js';

const thing = z.object({ id: z.string(), display_name: z.string() });
const byId = z.object({ thing_id: z.string().min(1) });

/** One operation of each shape a table can hold. */
const thingOps = {
  list: operation({
    method: 'GET',
    path: '/v1/things/{thing_id}/parts',
    security: 'accessToken',
    pathParams: byId,
    query: z.object({ owner_id: z.string().nullable().optional(), ...pageQuery }),
    responses: [json(200, listResource(thing))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/things/{thing_id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, thing)],
    errors: named('ResourceNotFound'),
  }),
  create: operation({
    method: 'POST',
    path: '/v1/things/',
    security: 'accessToken',
    body: z.object({ display_name: z.string().min(1) }),
    responses: [json(201, thing)],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/things/{thing_id}',
    security: 'accessToken',
    pathParams: byId,
    body: z.object({ display_name: z.string().optional() }),
    bodyKey: 'thingUpdate',
    responses: [json(200, thing)],
    errors: named('ResourceNotFound'),
  }),
  count: operation({ method: 'GET', path: '/v1/things/count', security: 'accessToken', responses: [json(200, z.number())] }),
  mine: {
    get: operation({
      method: 'GET',
      path: '/v1/portal/things/{thing_id}',
      security: 'customerSession',
      pathParams: byId,
      responses: [json(200, thing)],
    }),
    list: operation({
      method: 'GET',
      path: '/v1/portal/things/',
      security: 'customerSession',
      query: z.object({ ...pageQuery }),
      responses: [json(200, listResource(thing))],
    }),
    remove: operation({ method: 'DELETE', path: '/v1/portal/things/{thing_id}', security: 'customerSession', pathParams: byId, responses: [empty(204)] }),
  },
};

const wireThing = (id: string) => ({ id, display_name: `Thing ${id}` });

let api: ReturnType<typeof mockBilling>;
afterEach(() => api.close());

describe('methods bound from an operation table (request objects as the official SDK takes them)', () => {
  it('path parameters come from the top level of the request, camelCase', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    api.json(200, wireThing('a/b'));
    expect(dataOf(await things.get({ thingId: 'a/b' }))).toEqual({ id: 'a/b', displayName: 'Thing a/b' });
    expect(api.last().path).toBe('/v1/things/a%2Fb');
  });

  it('a list takes path and query parameters side by side, and pages through them', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    api.reply('GET', '/v1/things/t1/parts', (seen) => {
      const page = Number(new URLSearchParams(seen.rawQuery).get('page'));
      return { status: 200, body: { items: page === 1 ? [wireThing('1'), wireThing('2')] : [wireThing('3')], pagination: { total_count: 3, max_page: 2 } } };
    }, 2);
    const ids: string[] = [];
    for await (const item of things.list.items({ thingId: 't1', ownerId: 'o1', limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(['1', '2', '3']);
    expect(api.seen.map((s) => s.query)).toEqual([
      [['owner_id', 'o1'], ['page', '1'], ['limit', '2']],
      [['owner_id', 'o1'], ['page', '2'], ['limit', '2']],
    ]);
  });

  it('a body alone is the request; beside parameters it goes under the body key', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    api.json(201, wireThing('n'));
    dataOf(await things.create({ displayName: 'New' }));
    expect([api.last().method, api.last().body]).toEqual(['POST', { display_name: 'New' }]);
    api.json(200, wireThing('n'));
    dataOf(await things.update({ thingId: 'n', thingUpdate: { displayName: 'Renamed' } }));
    expect([api.last().method, api.last().path, api.last().body]).toEqual(['PATCH', '/v1/things/n', { display_name: 'Renamed' }]);
  });

  it('a key that is neither a parameter nor the body key is refused before anything is sent, naming the body key', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    const error = errorOf(await things.update({ thingId: 'n', displayName: 'Renamed' } as never));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toBe('Input validation failed: displayName: unknown key "displayName": the body goes under "thingUpdate"');
    expect(api.seen).toHaveLength(0);
  });

  it('bad parameters are the usual input validation error', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    const error = errorOf(await things.get({ thingId: '' }));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toMatch(/^Input validation failed: path\.thingId: /);
    expect(api.seen).toHaveLength(0);
  });

  it('a call without input takes its options first', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    const controller = new AbortController();
    controller.abort();
    expect(errorOf(await things.count({ signal: controller.signal })).kind).toBe('aborted');
    api.json(200, 7);
    expect(dataOf(await things.count())).toBe(7);
  });

  it('customer-portal calls take the session first and send it as the bearer token', async () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    api.json(200, wireThing('p'));
    dataOf(await things.mine.get({ customerSession: 'polar_cst_abc' }, { thingId: 'p' }, { timeoutMs: 1000 }));
    expect(api.last().headers.authorization).toBe('Bearer polar_cst_abc');
    api.json(200, { items: [wireThing('p')], pagination: { total_count: 1, max_page: 1 } });
    const pages = [];
    for await (const page of things.mine.list.pages({ customerSession: 'polar_cst_abc' })) pages.push(page);
    expect([pages.length, api.last().headers.authorization]).toEqual([1, 'Bearer polar_cst_abc']);
    expect(errorOf(await things.mine.remove({ customerSession: '' }, { thingId: 'p' })).kind).toBe('input_validation');
  });

  it('an operation with a body and parameters but no body key cannot be bound', () => {
    api = mockBilling();
    const bad = operation({
      method: 'PATCH',
      path: '/v1/things/{thing_id}',
      security: 'accessToken',
      pathParams: byId,
      body: z.object({ display_name: z.string() }),
      responses: [json(200, thing)],
    });
    expect(() => bindOperations(api.http, { bad })).toThrow('PATCH /v1/things/{thing_id}: an operation with a body and parameters needs a bodyKey');
  });

  it('method types are derived from the table: request objects, results and per-operation errors', () => {
    api = mockBilling();
    const things = bindOperations(api.http, thingOps);
    type Thing = { id: string; displayName: string };
    expectTypeOf<RequestOf<typeof thingOps.get>>().toEqualTypeOf<{ thingId: string }>();
    expectTypeOf<RequestOf<typeof thingOps.create>>().toEqualTypeOf<{ displayName: string }>();
    expectTypeOf<RequestOf<typeof thingOps.update>>().toMatchTypeOf<{ thingId: string; thingUpdate: { displayName?: string | undefined } }>();
    expectTypeOf(things.get).returns.resolves.toEqualTypeOf<Result<Thing, ProviderError<'ResourceNotFound'> | CommonError>>();
    expectTypeOf(things.count).parameters.toEqualTypeOf<[options?: CallOptions]>();
    expectTypeOf(things.list.items).returns.toEqualTypeOf<AsyncGenerator<Thing, void, undefined>>();
    expectTypeOf(things.mine.get).parameter(0).toEqualTypeOf<{ readonly customerSession: string }>();
    expectTypeOf(things.list).parameter(0).toMatchTypeOf<{ thingId: string; ownerId?: string | null; page?: number; limit?: number }>();
    // @ts-expect-error a call with a path parameter needs its request
    void (() => things.get());
    // @ts-expect-error a body beside parameters goes under its body key
    void (() => things.update({ thingId: 'n', displayName: 'Renamed' }));
    expect(typeof things.list.pages).toBe('function');
    expect('pages' in things.get).toBe(false);
  });
});
