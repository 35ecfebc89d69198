import { createHash } from 'node:crypto';
import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { benefitCreate, benefitTypes, benefitUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound, notPermitted } from '../../engine/errors.js';
import { newId } from '../../engine/ids.js';
import { matchesMetadata, paginate, parseMetadataFilter, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { BenefitGrantRecord, BenefitRecord, OrganizationRecord } from '../../engine/records.js';
import { json, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { revokeBenefits } from './service.js';
import { benefitGrantWire, benefitWire } from './wire.js';

type CreateInput = z.output<typeof benefitCreate>;

/** The seller-view properties the server answers for the input of each type. */
function normalizeProperties(ctx: SandboxContext, org: OrganizationRecord, type: string, input: Record<string, unknown>): Record<string, unknown> {
  switch (type) {
    case 'custom':
      return { note: input.note ?? null };
    case 'discord': {
      // The sandbox has no Discord: the guild id is derived from the bot token, stable per token.
      const guild = BigInt(`0x${createHash('sha256').update(String(input.guild_token)).digest('hex').slice(0, 14)}`).toString();
      return { guild_id: guild, role_id: input.role_id, kick_member: input.kick_member, guild_token: input.guild_token };
    }
    case 'downloadables': {
      const files = input.files as string[];
      files.forEach((id, index) => {
        const file = ctx.db.files.get(id);
        if (file === undefined || file.organization_id !== org.id || file.deleted_at !== null || file.service !== 'downloadable') {
          throw fieldError(['body', 'properties', 'files', index], 'File does not exist.', id);
        }
      });
      return { archived: input.archived ?? {}, files };
    }
    case 'github_repository':
      return { repository_owner: input.repository_owner, repository_name: input.repository_name, permission: input.permission };
    case 'license_keys':
      return { prefix: input.prefix ?? null, expires: input.expires ?? null, activations: input.activations ?? null, limit_usage: input.limit_usage ?? null };
    case 'meter_credit': {
      const meter = ctx.db.meters.get(String(input.meter_id));
      if (meter === undefined || meter.organization_id !== org.id) throw fieldError(['body', 'properties', 'meter_id'], 'Meter does not exist.', input.meter_id);
      return { units: input.units, rollover: input.rollover, meter_id: meter.id };
    }
    default:
      return {};
  }
}

export function ownBenefit(ctx: SandboxContext, c: Context): { org: OrganizationRecord; benefit: BenefitRecord } {
  const org = ctx.auth.organization(c);
  const benefit = ctx.db.benefits.get(pathUuid(c.req.param('id')));
  if (benefit === undefined || benefit.organization_id !== org.id || benefit.is_deleted) throw notFound();
  return { org, benefit };
}

export function createBenefitRecord(ctx: SandboxContext, org: OrganizationRecord, body: CreateInput): BenefitRecord {
  if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
  const properties = normalizeProperties(ctx, org, body.type, body.properties as Record<string, unknown>);
  return ctx.store.transaction(() => {
    const saved = ctx.db.benefits.put({
      id: newId(), created_at: ctx.now(), modified_at: null, type: body.type, description: body.description, selectable: true,
      deletable: true, is_deleted: false, organization_id: org.id, metadata: body.metadata ?? {}, properties,
    });
    ctx.emit('benefit.created', benefitWire(saved), org.id);
    return saved;
  });
}

function grantsOfBenefit(ctx: SandboxContext, benefitId: string): BenefitGrantRecord[] {
  return ctx.db.benefitGrants.byIndex('benefit', benefitId);
}

/** Benefits of the six types, seller side. */
export function registerBenefits(app: Hono, ctx: SandboxContext): void {
  const listQuery = querySchema({
    organization_id: q.uuids().optional(),
    type: q.many(z.enum(benefitTypes)).optional(),
    query: q.string().optional(),
  });
  const grantsQuery = querySchema({ is_granted: q.bool().optional(), customer_id: q.uuids().optional() });

  app.get('/v1/benefits', (c) => {
    const org = ctx.auth.organization(c);
    const url = new URL(c.req.url);
    const query = parseQuery(url, listQuery);
    const sorting = parseSorting(query.sorting, ['created_at', 'description']);
    const metadata = parseMetadataFilter(url);
    const needle = query.query?.toLowerCase();
    const found = ctx.db.benefits.byIndex('org', org.id).filter(
      (b) =>
        !b.is_deleted &&
        (query.organization_id === undefined || query.organization_id.includes(b.organization_id)) &&
        (query.type === undefined || query.type.includes(b.type as (typeof benefitTypes)[number])) &&
        (needle === undefined || b.description.toLowerCase().includes(needle)) &&
        matchesMetadata(b.metadata, metadata),
    );
    const sorted = sortRecords(found, sorting, { created_at: (b) => b.created_at, description: (b) => b.description });
    return json(paginate(sorted, query, benefitWire));
  });

  app.post('/v1/benefits', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, benefitCreate);
    return json(benefitWire(createBenefitRecord(ctx, org, body)), 201);
  });

  app.get('/v1/benefits/:id', (c) => json(benefitWire(ownBenefit(ctx, c).benefit)));

  app.patch('/v1/benefits/:id', async (c) => {
    const { org, benefit } = ownBenefit(ctx, c);
    const body = await parseBody(c.req.raw, benefitUpdate);
    if (body.type !== benefit.type) throw fieldError(['body', 'type'], `Input should be '${benefit.type}'`, body.type);
    const properties = body.properties == null ? benefit.properties : normalizeProperties(ctx, org, benefit.type, body.properties as Record<string, unknown>);
    const saved = ctx.store.transaction(() => {
      const next = ctx.db.benefits.update(benefit.id, {
        modified_at: ctx.now(),
        description: body.description ?? benefit.description,
        metadata: body.metadata ?? benefit.metadata,
        properties,
      });
      ctx.emit('benefit.updated', benefitWire(next), org.id);
      return next;
    });
    return json(benefitWire(saved));
  });

  /** Deleting revokes its grants and takes it off products (they list live benefits only). */
  app.delete('/v1/benefits/:id', (c) => {
    const { org, benefit } = ownBenefit(ctx, c);
    if (!benefit.deletable) throw notPermitted('This benefit cannot be deleted.');
    ctx.store.transaction(() => {
      const next = ctx.db.benefits.update(benefit.id, { is_deleted: true, modified_at: ctx.now() });
      const customers = new Set(grantsOfBenefit(ctx, benefit.id).filter((g) => g.is_granted).map((g) => g.customer_id));
      for (const customerId of customers) revokeBenefits(ctx, customerId, (g) => g.benefit_id === benefit.id);
      ctx.emit('benefit.updated', benefitWire(next), org.id);
    });
    return noContent();
  });

  app.get('/v1/benefits/:id/grants', (c) => {
    const { benefit } = ownBenefit(ctx, c);
    const query = parseQuery(new URL(c.req.url), grantsQuery);
    const found = grantsOfBenefit(ctx, benefit.id).filter(
      (g) => (query.is_granted === undefined || g.is_granted === query.is_granted) && (query.customer_id === undefined || query.customer_id.includes(g.customer_id)),
    );
    const sorted = sortRecords(found, [{ field: 'created_at', descending: true }], { created_at: (g) => g.created_at });
    return json(paginate(sorted, query, (g) => benefitGrantWire(ctx, g)));
  });

  /** Sandbox-only: the provider's own benefits are not deletable; this marks one so (to test 403 NotPermitted). */
  app.put('/__sandbox/benefits/:id', async (c) => {
    const benefit = ctx.db.benefits.get(pathUuid(c.req.param('id')));
    if (benefit === undefined) throw notFound();
    const body = await parseBody(c.req.raw, z.strictObject({ deletable: z.boolean() }));
    const saved = ctx.store.transaction(() => ctx.db.benefits.update(benefit.id, { deletable: body.deletable }));
    return json(benefitWire(saved));
  });
}
