import type { Hono } from 'hono';
import { organizationCreate, organizationUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { notFound } from '../../engine/errors.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { createOrganizationRecord } from './service.js';
import { organizationWire } from './wire.js';

export function registerOrganizations(app: Hono, ctx: SandboxContext): void {
  const { db } = ctx;
  const listQuery = querySchema({ slug: q.string().optional() });

  app.get('/v1/organizations', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'slug', 'name'], ['created_at']);
    const visible = [org].filter((o) => query.slug === undefined || o.slug === query.slug);
    const sorted = sortRecords(visible, sorting, { created_at: (o) => o.created_at, slug: (o) => o.slug, name: (o) => o.name });
    return json(paginate(sorted, query, organizationWire));
  });

  app.post('/v1/organizations', async (c) => {
    ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, organizationCreate);
    const created = ctx.store.transaction(() =>
      createOrganizationRecord(ctx, {
        name: body.name,
        slug: body.slug,
        avatar_url: body.avatar_url ?? null,
        email: body.email ?? null,
        website: body.website ?? null,
        socials: body.socials ?? [],
        details: body.details ?? null,
        details_submitted_at: body.details ? ctx.now() : null,
        ...(body.feature_settings ? { feature_settings: body.feature_settings } : {}),
        ...(body.subscription_settings ? { subscription_settings: body.subscription_settings } : {}),
        ...(body.notification_settings ? { notification_settings: body.notification_settings } : {}),
      }),
    );
    return json(organizationWire(created), 201);
  });

  const own = (c: Parameters<SandboxContext['auth']['organization']>[0]) => {
    const org = ctx.auth.organization(c);
    const id = pathUuid(c.req.param('id'));
    if (id !== org.id) throw notFound();
    return org;
  };

  app.get('/v1/organizations/:id', (c) => json(organizationWire(own(c))));

  app.patch('/v1/organizations/:id', async (c) => {
    const org = own(c);
    const body = await parseBody(c.req.raw, organizationUpdate);
    const updated = ctx.store.transaction(() => {
      const next = db.organizations.update(org.id, (o) => ({
        ...o,
        modified_at: ctx.now(),
        ...(body.name != null ? { name: body.name } : {}),
        ...(body.avatar_url !== undefined ? { avatar_url: body.avatar_url } : {}),
        ...(body.email !== undefined ? { email: body.email } : {}),
        ...(body.website !== undefined ? { website: body.website } : {}),
        ...(body.socials != null ? { socials: body.socials } : {}),
        ...(body.details != null ? { details: body.details, details_submitted_at: ctx.now() } : {}),
        ...(body.feature_settings != null ? { feature_settings: body.feature_settings } : {}),
        ...(body.subscription_settings != null ? { subscription_settings: body.subscription_settings } : {}),
        ...(body.notification_settings != null ? { notification_settings: body.notification_settings } : {}),
      }));
      ctx.emit('organization.updated', organizationWire(next), next.id);
      return next;
    });
    return json(organizationWire(updated));
  });
}
