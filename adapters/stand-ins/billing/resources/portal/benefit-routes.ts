import { createHash } from 'node:crypto';
import type { Hono } from 'hono';
import { z } from 'zod';
import { portalBenefitGrantUpdate, benefitTypes } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound, notPermitted } from '../../engine/errors.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import type { BenefitGrantRecord, CustomerRecord } from '../../engine/records.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { benefitGrantWire } from '../benefits/wire.js';
import type { FileRecord } from '../files/records.js';
import { downloadableFileWire } from '../files/wire.js';
import { recordSystemEvent } from '../usage/service.js';
import { portalGrantWire } from './wire.js';

/** A stable id for one file of one grant (the provider's downloadable row). */
function downloadableId(grantId: string, fileId: string): string {
  const h = createHash('sha256').update(`${grantId}|${fileId}`).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

export function registerPortalBenefits(app: Hono, ctx: SandboxContext): void {
  const listQuery = querySchema({
    type: q.many(z.enum(benefitTypes)).optional(),
    benefit_id: q.uuids().optional(),
    organization_id: q.uuids().optional(),
    checkout_id: q.uuids().optional(),
    order_id: q.uuids().optional(),
    subscription_id: q.uuids().optional(),
  });
  const downloadablesQuery = querySchema({ organization_id: q.uuids().optional(), benefit_id: q.uuids().optional() });

  app.get('/v1/customer-portal/benefit-grants', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    const sorting = parseSorting(query.sorting, ['granted_at', 'type', 'organization'], ['-granted_at']);
    const benefitOf = (g: BenefitGrantRecord) => ctx.db.benefits.get(g.benefit_id);
    const found = ctx.db.benefitGrants.byIndex('customer', customer.id).filter((g) => {
      const b = benefitOf(g);
      if (b === undefined) return false;
      const checkoutId = g.order_id === null ? null : (ctx.db.orders.get(g.order_id)?.checkout_id ?? null);
      return (
        (query.type === undefined || query.type.includes(b.type as (typeof benefitTypes)[number])) &&
        (query.benefit_id === undefined || query.benefit_id.includes(g.benefit_id)) &&
        (query.organization_id === undefined || query.organization_id.includes(b.organization_id)) &&
        (query.checkout_id === undefined || (checkoutId !== null && query.checkout_id.includes(checkoutId))) &&
        (query.order_id === undefined || (g.order_id !== null && query.order_id.includes(g.order_id))) &&
        (query.subscription_id === undefined || (g.subscription_id !== null && query.subscription_id.includes(g.subscription_id)))
      );
    });
    const sorted = sortRecords(found, sorting, {
      granted_at: (g) => g.granted_at, type: (g) => benefitOf(g)?.type, organization: (g) => ctx.db.organizations.get(benefitOf(g)?.organization_id ?? '')?.slug,
    });
    return json(paginate(sorted, query, (g) => portalGrantWire(ctx, g, customer)));
  });

  const ownGrant = (customer: CustomerRecord, id: string): BenefitGrantRecord => {
    const grant = ctx.db.benefitGrants.get(id);
    if (grant === undefined || grant.customer_id !== customer.id) throw notFound();
    return grant;
  };

  app.get('/v1/customer-portal/benefit-grants/:id', (c) => {
    const { customer } = ctx.auth.customer(c);
    return json(portalGrantWire(ctx, ownGrant(customer, pathUuid(c.req.param('id'))), customer));
  });

  /** Discord and GitHub grants take the customer's account id; other types accept the call unchanged. */
  app.patch('/v1/customer-portal/benefit-grants/:id', async (c) => {
    const { customer } = ctx.auth.customer(c);
    const grant = ownGrant(customer, pathUuid(c.req.param('id')));
    const body = await parseBody(c.req.raw, portalBenefitGrantUpdate);
    const benefit = ctx.db.benefits.get(grant.benefit_id);
    if (benefit === undefined) throw notFound();
    if (body.benefit_type !== benefit.type) throw fieldError(['body', 'benefit_type'], `Input should be '${benefit.type}'`, body.benefit_type);
    if (grant.is_revoked) throw notPermitted('This benefit grant has been revoked.');
    if (!('properties' in body)) return json(portalGrantWire(ctx, grant, customer));
    const saved = ctx.store.transaction(() => {
      const next = ctx.db.benefitGrants.update(grant.id, { properties: { ...grant.properties, account_id: body.properties.account_id }, modified_at: ctx.now() });
      ctx.emit('benefit_grant.updated', benefitGrantWire(ctx, next), benefit.organization_id);
      recordSystemEvent(ctx, customer, 'benefit.updated', { benefit_id: benefit.id, benefit_grant_id: grant.id, benefit_type: benefit.type });
      return next;
    });
    return json(portalGrantWire(ctx, saved, customer));
  });

  app.get('/v1/customer-portal/downloadables', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), downloadablesQuery);
    const rows: { id: string; benefit_id: string; file: FileRecord }[] = [];
    for (const grant of ctx.db.benefitGrants.byIndex('customer', customer.id)) {
      const benefit = ctx.db.benefits.get(grant.benefit_id);
      if (!grant.is_granted || benefit === undefined || benefit.type !== 'downloadables' || benefit.is_deleted) continue;
      if (query.benefit_id !== undefined && !query.benefit_id.includes(benefit.id)) continue;
      if (query.organization_id !== undefined && !query.organization_id.includes(benefit.organization_id)) continue;
      const archived = benefit.properties.archived as Record<string, boolean>;
      for (const fileId of benefit.properties.files as string[]) {
        const file = ctx.db.files.get(fileId);
        if (archived[fileId] === true || file === undefined || !file.is_uploaded || file.deleted_at !== null) continue;
        rows.push({ id: downloadableId(grant.id, fileId), benefit_id: benefit.id, file });
      }
    }
    return json(paginate(rows, query, (r) => ({ id: r.id, benefit_id: r.benefit_id, file: downloadableFileWire(ctx, r.file) })));
  });
}
