import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { customFieldCreate, customFieldTypes, customFieldUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { newId } from '../../engine/ids.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { OrganizationRecord } from '../../engine/records.js';
import { json, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { registerAttachedFields } from './attached.js';
import type { CustomFieldRecord } from './records.js';
import { customFieldWire } from './wire.js';

function checkSlug(ctx: SandboxContext, org: OrganizationRecord, slug: string, except: string | null): void {
  const taken = ctx.db.customFields.oneByIndex('slug', `${org.id}|${slug}`);
  if (taken !== undefined && taken.id !== except) throw fieldError(['body', 'slug'], 'Custom field with this slug already exists.', slug);
}

/** Custom fields, attached to products and collected in checkouts. */
export function registerCustomFields(app: Hono, ctx: SandboxContext): void {
  const { customFields, productExtras } = ctx.db;
  const listQuery = querySchema({ organization_id: q.uuids().optional(), query: q.string().optional(), type: q.many(z.enum(customFieldTypes)).optional() });

  const ownField = (c: Context): { org: OrganizationRecord; field: CustomFieldRecord } => {
    const org = ctx.auth.organization(c);
    const field = customFields.get(pathUuid(c.req.param('id')));
    if (field === undefined || field.organization_id !== org.id) throw notFound();
    return { org, field };
  };

  app.get('/v1/custom-fields', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'slug', 'name', 'type']);
    const needle = query.query?.toLowerCase();
    const found = customFields.byIndex('org', org.id).filter(
      (f) =>
        (query.organization_id === undefined || query.organization_id.includes(f.organization_id)) &&
        (query.type === undefined || query.type.includes(f.type)) &&
        (needle === undefined || f.name.toLowerCase().includes(needle) || f.slug.includes(needle)),
    );
    return json(paginate(sortRecords(found, sorting, { created_at: (f) => f.created_at, slug: (f) => f.slug, name: (f) => f.name, type: (f) => f.type }), query, customFieldWire));
  });

  app.post('/v1/custom-fields', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, customFieldCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    checkSlug(ctx, org, body.slug, null);
    const saved = ctx.store.transaction(() =>
      customFields.put({
        id: newId(), created_at: ctx.now(), modified_at: null, organization_id: org.id, type: body.type, slug: body.slug, name: body.name,
        metadata: body.metadata ?? {}, properties: body.properties,
      }),
    );
    return json(customFieldWire(saved), 201);
  });

  app.get('/v1/custom-fields/:id', (c) => json(customFieldWire(ownField(c).field)));

  app.patch('/v1/custom-fields/:id', async (c) => {
    const { org, field } = ownField(c);
    const body = await parseBody(c.req.raw, customFieldUpdate);
    if (body.type !== field.type) throw fieldError(['body', 'type'], `Input should be '${field.type}'`, body.type);
    if (body.slug != null) checkSlug(ctx, org, body.slug, field.id);
    const saved = ctx.store.transaction(() =>
      customFields.update(field.id, {
        modified_at: ctx.now(),
        ...(body.slug != null ? { slug: body.slug } : {}),
        ...(body.name != null ? { name: body.name } : {}),
        ...(body.metadata !== undefined ? { metadata: body.metadata } : {}),
        ...(body.properties != null ? { properties: body.properties } : {}),
      }),
    );
    return json(customFieldWire(saved));
  });

  /** Deleting also detaches the field from every product. */
  app.delete('/v1/custom-fields/:id', (c) => {
    const { field } = ownField(c);
    ctx.store.transaction(() => {
      for (const extras of productExtras.filter((e) => e.custom_fields.some((f) => f.custom_field_id === field.id))) {
        productExtras.put({ ...extras, custom_fields: extras.custom_fields.filter((f) => f.custom_field_id !== field.id) });
      }
      customFields.delete(field.id);
    });
    return noContent();
  });

  registerAttachedFields(ctx);
}
