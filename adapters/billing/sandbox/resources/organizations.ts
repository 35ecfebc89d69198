import type { Hono } from 'hono';
import { organizationCreate, organizationUpdate } from '../../schemas/organization.js';
import type { SandboxContext } from '../engine/context.js';
import { fieldError, notFound } from '../engine/errors.js';
import { newId, newSecret, SECRET_PREFIX } from '../engine/ids.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../engine/query.js';
import type { AccessTokenRecord, OrganizationRecord } from '../engine/records.js';
import { json } from '../engine/respond.js';
import { parseBody } from '../engine/validation.js';

/** Every key SDK 0.48's `Organization` requires; the sandbox has no tax engine, payouts or trials to configure. */
export function organizationWire(o: OrganizationRecord) {
  return {
    id: o.id,
    created_at: o.created_at,
    modified_at: o.modified_at,
    name: o.name,
    slug: o.slug,
    avatar_url: o.avatar_url,
    proration_behavior: o.subscription_settings.proration_behavior,
    allow_customer_updates: o.subscription_settings.allow_customer_updates,
    email: o.email,
    website: o.website,
    socials: o.socials,
    status: 'active',
    details_submitted_at: o.details_submitted_at,
    default_presentment_currency: 'usd',
    default_tax_behavior: 'location',
    feature_settings: o.feature_settings,
    subscription_settings: { benefit_revocation_grace_period: 0, prevent_trial_abuse: false, ...o.subscription_settings },
    notification_settings: o.notification_settings,
    customer_email_settings: {
      order_confirmation: true, subscription_cancellation: true, subscription_confirmation: true, subscription_cycled: true,
      subscription_cycled_after_trial: true, subscription_past_due: true, subscription_renewal_reminder: true, subscription_revoked: true,
      subscription_trial_conversion_reminder: true, subscription_uncanceled: true, subscription_updated: true,
    },
    customer_portal_settings: { usage: { show: true }, subscription: { update_seats: true, update_plan: true } },
    account_id: null,
    payout_account_id: null,
    capabilities: { checkout_payments: true, subscription_renewals: true, payouts: false, refunds: true, api_access: true, dashboard_access: true },
  };
}

export interface NewOrganization {
  readonly name: string;
  readonly slug: string;
  readonly email?: string | null;
  readonly website?: string | null;
}

/** Creates an organization record (seed and POST /v1/organizations/). */
export function createOrganizationRecord(ctx: SandboxContext, input: NewOrganization & Partial<OrganizationRecord>): OrganizationRecord {
  if (ctx.db.organizations.oneByIndex('slug', input.slug) !== undefined) {
    throw fieldError(['body', 'slug'], 'An organization with this slug already exists.', input.slug);
  }
  const record: OrganizationRecord = {
    id: newId(),
    created_at: ctx.now(),
    modified_at: null,
    avatar_url: null,
    email: null,
    website: null,
    socials: [],
    details: null,
    details_submitted_at: null,
    feature_settings: { issue_funding_enabled: false },
    subscription_settings: { allow_multiple_subscriptions: false, allow_customer_updates: true, proration_behavior: 'prorate' },
    notification_settings: { new_order: true, new_subscription: true },
    ...input,
  };
  return ctx.db.organizations.put(record);
}

/** Mints an organization access token (`polar_oat_...`). */
export function createAccessToken(ctx: SandboxContext, organizationId: string, comment = 'sandbox'): AccessTokenRecord {
  return ctx.db.accessTokens.put({ id: newId(), created_at: ctx.now(), token: newSecret(SECRET_PREFIX.organizationAccessToken), organization_id: organizationId, comment });
}

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
