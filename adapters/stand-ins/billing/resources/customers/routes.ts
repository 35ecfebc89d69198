import type { Context, Hono } from 'hono';
import { customerCreate, customerUpdate, customerUpdateExternal } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { matchesMetadata, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { CustomerRecord, OrganizationRecord } from '../../engine/records.js';
import { json, jsonText, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { jsonPage, recordJson } from '../../engine/wire-cache.js';
import { createCustomer, customerByExternalId, deleteCustomer, saveCustomer, taxIdOf } from './service.js';
import { customerStateWire, customerWire } from './wire.js';

/** A customer's wire view, serialised once per stored version of it. */
const customerJson = recordJson(customerWire);

type Update = { -readonly [K in keyof CustomerRecord]?: CustomerRecord[K] | undefined };

function applyUpdate(current: CustomerRecord, body: Update): CustomerRecord {
  const next = { ...current } as Record<string, unknown>;
  for (const [key, value] of Object.entries(body)) {
    if (value === undefined) continue;
    if (key === 'email' && value === null) continue; // email cannot be cleared
    if (key === 'metadata' && value === null) continue;
    next[key] = key === 'tax_id' ? taxIdOf(value as string | [string, string] | null) : value;
  }
  return next as unknown as CustomerRecord;
}

export function registerCustomers(app: Hono, ctx: SandboxContext): void {
  const { db } = ctx;
  const listQuery = querySchema({ organization_id: q.uuids().optional(), email: q.string().optional(), query: q.string().optional() });

  const byId = (c: Context): { org: OrganizationRecord; customer: CustomerRecord } => {
    const org = ctx.auth.organization(c);
    const customer = db.customers.get(pathUuid(c.req.param('id')));
    if (customer === undefined || customer.organization_id !== org.id || customer.deleted_at !== null) throw notFound();
    return { org, customer };
  };
  const byExternal = (c: Context): { org: OrganizationRecord; customer: CustomerRecord } => {
    const org = ctx.auth.organization(c);
    const customer = customerByExternalId(ctx, org.id, c.req.param('external_id') ?? '');
    if (customer === undefined) throw notFound();
    return { org, customer };
  };

  app.get('/v1/customers', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'email', 'name']);
    const metadata = parseMetadataFilter(url);
    const needle = query.query?.toLowerCase();
    const found = db.customers.byIndex('org', org.id).filter(
      (cu) =>
        cu.deleted_at === null &&
        (query.organization_id === undefined || query.organization_id.includes(cu.organization_id)) &&
        (query.email === undefined || cu.email.toLowerCase() === query.email.toLowerCase()) &&
        (needle === undefined || [cu.email, cu.name ?? '', cu.external_id ?? ''].some((v) => v.toLowerCase().includes(needle))) &&
        matchesMetadata(cu.metadata, metadata),
    );
    const sorted = sortRecords(found, sorting, { created_at: (cu) => cu.created_at, email: (cu) => cu.email, name: (cu) => cu.name });
    return jsonPage(sorted, query, customerJson);
  });

  app.post('/v1/customers', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, customerCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    const created = ctx.store.transaction(() =>
      createCustomer(ctx, org.id, {
        email: body.email, name: body.name ?? null, external_id: body.external_id ?? null,
        billing_address: body.billing_address ?? null, tax_id: taxIdOf(body.tax_id) ?? null, locale: body.locale ?? null,
        metadata: body.metadata ?? {},
      }),
    );
    return json(customerWire(created), 201);
  });

  // external-id routes first, so `/external/{x}` is never read as a customer id
  app.get('/v1/customers/external/:external_id/state', (c) => json(customerStateWire(ctx, byExternal(c).customer)));
  app.get('/v1/customers/external/:external_id', (c) => jsonText(customerJson(byExternal(c).customer)));
  app.patch('/v1/customers/external/:external_id', async (c) => {
    const { customer } = byExternal(c);
    const body = await parseBody(c.req.raw, customerUpdateExternal);
    const saved = ctx.store.transaction(() => saveCustomer(ctx, applyUpdate(customer, body as Update)));
    return json(customerWire(saved));
  });
  app.delete('/v1/customers/external/:external_id', (c) => {
    deleteCustomer(ctx, byExternal(c).customer);
    return noContent();
  });

  app.get('/v1/customers/:id/state', (c) => json(customerStateWire(ctx, byId(c).customer)));
  app.get('/v1/customers/:id', (c) => jsonText(customerJson(byId(c).customer)));
  app.patch('/v1/customers/:id', async (c) => {
    const { customer } = byId(c);
    const body = await parseBody(c.req.raw, customerUpdate);
    if (body.external_id !== undefined && customer.external_id !== null && body.external_id !== customer.external_id) {
      throw fieldError(['body', 'external_id'], 'Customer external ID cannot be updated.', body.external_id);
    }
    const saved = ctx.store.transaction(() => saveCustomer(ctx, applyUpdate(customer, body as Update)));
    return json(customerWire(saved));
  });
  app.delete('/v1/customers/:id', (c) => {
    deleteCustomer(ctx, byId(c).customer);
    return noContent();
  });
}
