import { Product$inboundSchema } from '@polar-sh/sdk/models/components/product.js';
import { ProductsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/productslist.js';
import { Discount$inboundSchema } from '@polar-sh/sdk/models/components/discount.js';
import { DiscountsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/discountslist.js';
import { CustomField$inboundSchema } from '@polar-sh/sdk/models/components/customfield.js';
import { CustomFieldsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customfieldslist.js';
import { listResource, customField, discount, product } from '@ensemble/billing-client/schemas';
import { uploadFile } from '../../billing-sandbox/benefits-usage-harness.js';
import { oracleGroup, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, richBuyer, startWorld, type OracleWorld } from '../world.js';

const tag = () => Math.random().toString(36).slice(2, 8);
const DISCOUNTS: Record<string, Record<string, unknown>> = {
  'percentage once': { type: 'percentage', basis_points: 1500, duration: 'once' },
  'percentage forever, limited window': { type: 'percentage', basis_points: 500, duration: 'forever', max_redemptions: 10, starts_at: '2020-01-01T00:00:00Z', ends_at: '2099-01-01T00:00:00Z' },
  'percentage repeating': { type: 'percentage', basis_points: 2000, duration: 'repeating', duration_in_months: 3 },
  'fixed once': { type: 'fixed', amount: 500, currency: 'usd', duration: 'once' },
  'fixed repeating, one product': { type: 'fixed', amount: 300, currency: 'usd', duration: 'repeating', duration_in_months: 6 },
};
const FIELDS: Record<string, unknown>[] = [
  { type: 'text', slug: 'company', name: 'Company', properties: { max_length: 40, textarea: false } },
  { type: 'number', slug: 'seats', name: 'Seats', properties: { ge: 1, le: 100 } },
  { type: 'date', slug: 'start', name: 'Start date', properties: {} },
  { type: 'checkbox', slug: 'terms', name: 'Accept terms', properties: {} },
  { type: 'select', slug: 'size', name: 'Team size', properties: { options: [{ value: 'small', label: 'Small' }, { value: 'large', label: 'Large' }] } },
];

/** Products with each price type, discounts of the four variants, custom fields of the five types (billing-api-part-b.md §7). */
export const catalogGroup = oracleGroup<OracleWorld>({
  name: 'products, discounts and custom fields',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'POST /v1/custom-fields/',
      sdk: sdkJson(201, 'CustomField', CustomField$inboundSchema),
      client: customField,
      cases: async (w) => {
        const out: Record<string, ReturnType<typeof get>> = {};
        for (const body of FIELDS) out[body.type as string] = w.t.api('POST', '/v1/custom-fields/', { ...body, metadata: { form: 'checkout' } });
        return cases(out);
      },
    },
    {
      call: 'GET /v1/custom-fields/',
      sdk: sdkPage('CustomFieldsListResponse', CustomFieldsListResponse$inboundSchema),
      client: listResource(customField),
      cases: (w) => cases({ 'every type': get(w, '/v1/custom-fields/?sorting=slug') }),
    },
    {
      call: 'GET /v1/custom-fields/{id}',
      sdk: sdkJson(200, 'CustomField', CustomField$inboundSchema),
      client: customField,
      cases: async (w) => {
        const page = created<{ items: { id: string; type: string }[] }>(await get(w, '/v1/custom-fields/'), 200);
        return cases(Object.fromEntries(page.items.map((f) => [f.type, get(w, `/v1/custom-fields/${f.id}`)])));
      },
    },
    {
      call: 'PATCH /v1/custom-fields/{id}',
      sdk: sdkJson(200, 'CustomField', CustomField$inboundSchema),
      client: customField,
      cases: async (w) => {
        const page = created<{ items: { id: string; type: string }[] }>(await get(w, '/v1/custom-fields/'), 200);
        const of = (type: string) => page.items.find((f) => f.type === type)?.id as string;
        return cases({
          number: w.t.api('PATCH', `/v1/custom-fields/${of('number')}`, { type: 'number', name: 'Seat count', properties: { ge: 2 } }),
          select: w.t.api('PATCH', `/v1/custom-fields/${of('select')}`, { type: 'select', properties: { options: [{ value: 'xl', label: 'Very large' }] } }),
        });
      },
    },
    {
      call: 'DELETE /v1/custom-fields/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const spare = created(await w.t.api('POST', '/v1/custom-fields/', { type: 'text', slug: `spare-${tag()}`, name: 'Spare', properties: {} }));
        return cases({ deleted: w.t.api('DELETE', `/v1/custom-fields/${spare.id}`) });
      },
    },
    {
      call: 'POST /v1/products/',
      sdk: sdkJson(201, 'Product', Product$inboundSchema),
      client: product,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const fields = created<{ items: { id: string }[] }>(await get(w, '/v1/custom-fields/'), 200).items;
        const { done: media } = await uploadFile(w.t, Buffer.from('png bytes, pretend'), 'product_media', 'cover.png');
        const post = (body: Record<string, unknown>) => w.t.api('POST', '/v1/products/', { name: `Product ${tag()}`, ...body });
        return cases({
          'monthly fixed': post({ recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 2500, price_currency: 'usd' }], description: 'Monthly', metadata: { tier: 'pro' } }),
          'yearly free': post({ recurring_interval: 'year', prices: [{ amount_type: 'free' }] }),
          'one-time custom': post({ recurring_interval: null, prices: [{ amount_type: 'custom', minimum_amount: 500, maximum_amount: 5000, preset_amount: 1500 }] }),
          'one-time custom, open-ended': post({ recurring_interval: null, prices: [{ amount_type: 'custom' }] }),
          'monthly metered': post({ recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 1000 }, { amount_type: 'metered_unit', meter_id: rich.meterId, unit_amount: 0.5, cap_amount: 10000 }] }),
          'with custom fields and a media': post({ recurring_interval: null, prices: [{ amount_type: 'fixed', price_amount: 900 }], attached_custom_fields: fields.slice(0, 2).map((f, i) => ({ custom_field_id: f.id, required: i === 0 })), medias: [media.id] }),
        });
      },
    },
    {
      call: 'GET /v1/products/',
      sdk: sdkPage('ProductsListResponse', ProductsListResponse$inboundSchema),
      client: listResource(product),
      cases: (w) => cases({ 'every price type': get(w, '/v1/products/?limit=100'), 'recurring only': get(w, '/v1/products/?is_recurring=true') }),
    },
    {
      call: 'GET /v1/products/{id}',
      sdk: sdkJson(200, 'Product', Product$inboundSchema),
      client: product,
      cases: async (w) => cases({ 'the plan with benefits': get(w, `/v1/products/${w.t.seed.productId}`), 'every benefit type': get(w, `/v1/products/${(await richBuyer(w)).productId}`) }),
    },
    {
      call: 'PATCH /v1/products/{id}',
      sdk: sdkJson(200, 'Product', Product$inboundSchema),
      client: product,
      cases: async (w) => {
        const made = created(await w.t.api('POST', '/v1/products/', { name: `Patch ${tag()}`, recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 1000 }] }));
        return cases({
          'new price (old archived)': w.t.api('PATCH', `/v1/products/${made.id}`, { name: 'Renamed', prices: [{ amount_type: 'fixed', price_amount: 1200, price_currency: 'usd' }] }),
          archived: w.t.api('PATCH', `/v1/products/${made.id}`, { is_archived: true }),
        });
      },
    },
    {
      call: 'POST /v1/products/{id}/benefits',
      sdk: sdkJson(200, 'Product', Product$inboundSchema),
      client: product,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const made = created(await w.t.api('POST', '/v1/products/', { name: `Benefits ${tag()}`, recurring_interval: 'month', prices: [{ amount_type: 'fixed', price_amount: 1000 }] }));
        return cases({ 'every benefit type': w.t.api('POST', `/v1/products/${made.id}/benefits`, { benefits: Object.values(rich.benefits) }), none: w.t.api('POST', `/v1/products/${made.id}/benefits`, { benefits: [] }) });
      },
    },
    {
      call: 'POST /v1/discounts/',
      sdk: sdkJson(201, 'Discount', Discount$inboundSchema),
      client: discount,
      cases: async (w) => {
        const out: Record<string, ReturnType<typeof get>> = {};
        for (const [label, body] of Object.entries(DISCOUNTS)) {
          const products = label.includes('one product') ? { products: [w.t.seed.productId] } : {};
          out[label] = w.t.api('POST', '/v1/discounts/', { name: label, code: `C${tag().toUpperCase()}`, metadata: { label }, ...products, ...body });
        }
        out['no code'] = w.t.api('POST', '/v1/discounts/', { name: 'Codeless', type: 'percentage', basis_points: 100, duration: 'once' });
        return cases(out);
      },
    },
    {
      call: 'GET /v1/discounts/',
      sdk: sdkPage('DiscountsListResponse', DiscountsListResponse$inboundSchema),
      client: listResource(discount),
      cases: (w) => cases({ 'four variants': get(w, '/v1/discounts/?limit=100') }),
    },
    {
      call: 'GET /v1/discounts/{id}',
      sdk: sdkJson(200, 'Discount', Discount$inboundSchema),
      client: discount,
      cases: async (w) => {
        const page = created<{ items: { id: string; name: string }[] }>(await get(w, '/v1/discounts/?limit=100'), 200);
        return cases(Object.fromEntries(page.items.map((d) => [d.name, get(w, `/v1/discounts/${d.id}`)])));
      },
    },
    {
      call: 'PATCH /v1/discounts/{id}',
      sdk: sdkJson(200, 'Discount', Discount$inboundSchema),
      client: discount,
      cases: async (w) => {
        const made = created(await w.t.api('POST', '/v1/discounts/', { name: 'Patch me', type: 'fixed', amount: 100, currency: 'usd', duration: 'once' }));
        return cases({
          renamed: w.t.api('PATCH', `/v1/discounts/${made.id}`, { name: 'Patched', code: `P${tag().toUpperCase()}`, max_redemptions: 5 }),
          'to percentage repeating': w.t.api('PATCH', `/v1/discounts/${made.id}`, { type: 'percentage', basis_points: 2500, duration: 'repeating', duration_in_months: 2 }),
        });
      },
    },
    {
      call: 'DELETE /v1/discounts/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const made = created(await w.t.api('POST', '/v1/discounts/', { name: 'Delete me', type: 'percentage', basis_points: 100, duration: 'once' }));
        return cases({ deleted: w.t.api('DELETE', `/v1/discounts/${made.id}`) });
      },
    },
  ],
});
