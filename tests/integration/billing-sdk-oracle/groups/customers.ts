import { Customer$inboundSchema } from '@polar-sh/sdk/models/components/customer.js';
import { CustomersListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerslist.js';
import { CustomerState$inboundSchema } from '@polar-sh/sdk/models/components/customerstate.js';
import { CustomerSession$inboundSchema } from '@polar-sh/sdk/models/components/customersession.js';
import { listResource, customer, customerState, customerSession } from '@ensemble/billing-client/schemas';
import { oracleGroup, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, richBuyer, startWorld, type OracleWorld } from '../world.js';

const tag = () => Math.random().toString(36).slice(2, 10);
const newCustomer = async (w: OracleWorld, body: Record<string, unknown> = {}) =>
  created<{ id: string; external_id: string }>(await w.t.api('POST', '/v1/customers/', { email: `c-${tag()}@example.com`, external_id: `user-${tag()}`, ...body }));

/** Customers, their state and customer sessions (billing-api-part-b.md §7). */
export const customersGroup = oracleGroup<OracleWorld>({
  name: 'customers and customer sessions',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'POST /v1/customers/',
      sdk: sdkJson(201, 'Customer', Customer$inboundSchema),
      client: customer,
      cases: (w) => cases({
        'e-mail only': w.t.api('POST', '/v1/customers/', { email: `c-${tag()}@example.com` }),
        'every field': w.t.api('POST', '/v1/customers/', {
          email: `c-${tag()}@example.com`, name: 'Grace Hopper', external_id: `user-${tag()}`, metadata: { plan: 'pro', seats: 3, beta: true },
          billing_address: { country: 'US', line1: '1 Main St', line2: 'Suite 2', city: 'Boston', postal_code: '02110', state: 'US-MA' }, tax_id: ['US123456789', 'us_ein'], locale: 'en',
        }),
        team: w.t.api('POST', '/v1/customers/', { type: 'team', email: `team-${tag()}@example.com`, name: 'Acme team' }),
        'tax id as the SDK sends it (a bare string)': w.t.api('POST', '/v1/customers/', { email: `c-${tag()}@example.com`, tax_id: 'FR40303265045' }),
      }),
    },
    {
      call: 'GET /v1/customers/',
      sdk: sdkPage('CustomersListResponse', CustomersListResponse$inboundSchema),
      client: listResource(customer),
      cases: (w) => cases({ page: get(w, '/v1/customers/?limit=100'), 'by metadata': get(w, '/v1/customers/?metadata%5Bplan%5D=pro') }),
    },
    {
      call: 'GET /v1/customers/{id}',
      sdk: sdkJson(200, 'Customer', Customer$inboundSchema),
      client: customer,
      cases: (w) => cases({ 'a buyer': get(w, `/v1/customers/${w.buyer.customerId}`) }),
    },
    {
      call: 'PATCH /v1/customers/{id}',
      sdk: sdkJson(200, 'Customer', Customer$inboundSchema),
      client: customer,
      cases: async (w) => {
        const c = await newCustomer(w, { external_id: null });
        return cases({
          'name, address, tax id': w.t.api('PATCH', `/v1/customers/${c.id}`, { name: 'Ada', billing_address: { country: 'FR', city: 'Paris' }, tax_id: ['FR40303265045', 'eu_vat'], metadata: { tier: 'gold' } }),
          'external id set once': w.t.api('PATCH', `/v1/customers/${c.id}`, { external_id: `late-${tag()}` }),
          'tax id as the SDK sends it': w.t.api('PATCH', `/v1/customers/${c.id}`, { tax_id: '123456789' }),
        });
      },
    },
    {
      call: 'DELETE /v1/customers/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => cases({ deleted: w.t.api('DELETE', `/v1/customers/${(await newCustomer(w)).id}`) }),
    },
    {
      call: 'GET /v1/customers/external/{external_id}',
      sdk: sdkJson(200, 'Customer', Customer$inboundSchema),
      client: customer,
      cases: async (w) => cases({ 'by external id': get(w, `/v1/customers/external/${(await newCustomer(w)).external_id}`) }),
    },
    {
      call: 'PATCH /v1/customers/external/{external_id}',
      sdk: sdkJson(200, 'Customer', Customer$inboundSchema),
      client: customer,
      cases: async (w) => cases({ renamed: w.t.api('PATCH', `/v1/customers/external/${(await newCustomer(w)).external_id}`, { name: 'Renamed', email: `r-${tag()}@example.com` }) }),
    },
    {
      call: 'DELETE /v1/customers/external/{external_id}',
      sdk: sdkEmpty(),
      cases: async (w) => cases({ deleted: w.t.api('DELETE', `/v1/customers/external/${(await newCustomer(w)).external_id}`) }),
    },
    {
      call: 'GET /v1/customers/{id}/state',
      sdk: sdkJson(200, 'CustomerState', CustomerState$inboundSchema),
      client: customerState,
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({
          'no subscription': get(w, `/v1/customers/${(await newCustomer(w)).id}/state`),
          'plan subscriber': get(w, `/v1/customers/${w.buyer.customerId}/state`),
          'every benefit, a meter': get(w, `/v1/customers/${rich.buyer.customerId}/state`),
        });
      },
    },
    {
      call: 'GET /v1/customers/external/{external_id}/state',
      sdk: sdkJson(200, 'CustomerState', CustomerState$inboundSchema),
      client: customerState,
      cases: async (w) => {
        const buyer = created<{ external_id: string | null }>(await get(w, `/v1/customers/${w.buyer.customerId}`), 200);
        const external = buyer.external_id ?? created<{ external_id: string }>(await w.t.api('PATCH', `/v1/customers/${w.buyer.customerId}`, { external_id: `buyer-${tag()}` }), 200).external_id;
        return cases({ 'plan subscriber': get(w, `/v1/customers/external/${external}/state`) });
      },
    },
    {
      call: 'POST /v1/customer-sessions/',
      sdk: sdkJson(201, 'CustomerSession', CustomerSession$inboundSchema),
      client: customerSession,
      cases: async (w) => {
        const c = await newCustomer(w);
        return cases({
          'by customer id': w.t.api('POST', '/v1/customer-sessions/', { customer_id: w.buyer.customerId, return_url: 'http://localhost:3000/account' }),
          'by external id': w.t.api('POST', '/v1/customer-sessions/', { external_customer_id: c.external_id }),
        });
      },
    },
  ],
});
