import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { createBillingClient } from '@ensemble/billing-client';
import { customerWire } from '../../support/billing-fixtures/customers.js';
import { CUSTOMER_ID } from '../../support/billing-fixtures/ids.js';
import { dataOf } from '../../support/billing-fixtures/results.js';
import { mockBilling, TOKEN } from '../../support/billing-mock.js';

/** A server other than the default one, so the client is seen to use the configured one. */
const SERVER = 'https://billing.test';

describe('billing client: resources and paging', () => {
  const agent = new MockAgent();
  agent.disableNetConnect();
  afterEach(() => agent.assertNoPendingInterceptors());

  it('every resource of billing-api-part-b.md §7 is reachable from the client, grouped by resource', () => {
    const client = createBillingClient({ server: SERVER, accessToken: TOKEN, dispatcher: agent });
    const methods = (group: object) => Object.keys(group).sort();
    expect(methods(client.customers)).toEqual(
      ['create', 'delete', 'deleteExternal', 'get', 'getExternal', 'getState', 'getStateExternal', 'list', 'update', 'updateExternal'].sort(),
    );
    expect(methods(client.customerPortal)).toEqual(expect.arrayContaining(['orders', 'organizations', 'subscriptions', 'licenseKeys']));
    expect(methods(client.customerPortal.licenseKeys)).toEqual(expect.arrayContaining(['get', 'validate', 'activate', 'deactivate']));
    expect(methods(client.customerPortal.subscriptions)).toEqual(['cancel', 'get', 'list', 'update']);
    expect(methods(client.subscriptions)).toEqual(expect.arrayContaining(['list', 'export', 'get', 'update', 'revoke']));
    expect(methods(client.products)).toEqual(expect.arrayContaining(['list', 'create', 'get', 'update', 'updateBenefits']));
    expect(methods(client.discounts)).toEqual(['create', 'delete', 'get', 'list', 'update']);
    expect(methods(client.events)).toEqual(['get', 'ingest', 'list', 'listNames']);
    expect(methods(client.files)).toEqual(['create', 'delete', 'list', 'update', 'uploaded']);
    expect(methods(client.licenseKeys)).toEqual(['get', 'getActivation', 'list', 'update']);
    expect(methods(client.meters)).toEqual(expect.arrayContaining(['quantities']));
    expect(methods(client.metrics)).toEqual(['get', 'limits']);
    expect(methods(client.oauth2)).toEqual(['authorize', 'introspect', 'revoke', 'token', 'userinfo']);
    expect(methods(client.orders)).toEqual(['generateInvoice', 'get', 'invoice', 'list', 'update']);
    expect(methods(client.organizations)).toEqual(['create', 'get', 'list', 'update']);
    expect(methods(client.payments)).toEqual(['get', 'list']);
    expect(methods(client.refunds)).toEqual(['create', 'list']);
    expect(methods(client.webhooks)).toEqual(
      ['createEndpoint', 'deleteEndpoint', 'getEndpoint', 'listDeliveries', 'listEndpoints', 'redeliverEvent', 'updateEndpoint'].sort(),
    );
  });

  it('billing specs §7 paging: the item iterator of a list walks every full page up to max_page', async () => {
    const api = mockBilling();
    const customers = api.client.customers;
    const pageOf = (n: number, count: number) => ({
      items: Array.from({ length: count }, (_, i) => customerWire({ id: `${CUSTOMER_ID.slice(0, -2)}${n}${i}` })),
      pagination: { total_count: 5, max_page: 3 },
    });
    api.json(200, pageOf(1, 2));
    api.json(200, pageOf(2, 2));
    api.json(200, pageOf(3, 1));
    const ids: string[] = [];
    for await (const customer of customers.list.items({ limit: 2, sorting: ['email'] })) ids.push(customer.id);
    expect(ids).toHaveLength(5);
    expect(api.seen.map((r) => r.query.find(([k]) => k === 'page')?.[1])).toEqual(['1', '2', '3']);
    expect(api.seen.every((r) => r.query.some(([k, v]) => k === 'sorting' && v === 'email'))).toBe(true);
    api.agent.assertNoPendingInterceptors();
  });

  it('a call through the client uses the configured server and token', async () => {
    agent.get(SERVER).intercept({ path: `/v1/customers/${CUSTOMER_ID}`, method: 'GET', headers: { authorization: `Bearer ${TOKEN}` } }).reply(200, customerWire(), {
      headers: { 'content-type': 'application/json' },
    });
    const client = createBillingClient({ server: SERVER, accessToken: TOKEN, dispatcher: agent });
    expect(dataOf(await client.customers.get({ id: CUSTOMER_ID })).email).toBe('ada@example.com');
  });
});
