import type { SandboxContext } from '../../engine/context.js';
import type { BenefitGrantRecord, BenefitRecord } from '../../engine/records.js';
import { customerWire } from '../customers/wire.js';

/** Seller view of a benefit. */
export function benefitWire(b: BenefitRecord) {
  return {
    id: b.id, created_at: b.created_at, modified_at: b.modified_at, type: b.type, description: b.description,
    selectable: b.selectable, deletable: b.deletable, is_deleted: b.is_deleted, organization_id: b.organization_id,
    metadata: b.metadata, properties: b.properties,
  };
}

/** Benefits as embedded in checkouts and the portal: no properties nor metadata. */
export function benefitPublicWire(b: BenefitRecord) {
  return {
    id: b.id, created_at: b.created_at, modified_at: b.modified_at, type: b.type, description: b.description,
    selectable: b.selectable, deletable: b.deletable, is_deleted: b.is_deleted, organization_id: b.organization_id,
  };
}

/** A grant with its customer and benefit (seller view). */
export function benefitGrantWire(ctx: SandboxContext, g: BenefitGrantRecord) {
  const customer = ctx.db.customers.get(g.customer_id);
  const benefit = ctx.db.benefits.get(g.benefit_id);
  return {
    id: g.id, created_at: g.created_at, modified_at: g.modified_at, granted_at: g.granted_at, revoked_at: g.revoked_at,
    is_granted: g.is_granted, is_revoked: g.is_revoked, subscription_id: g.subscription_id, order_id: g.order_id,
    customer_id: g.customer_id, benefit_id: g.benefit_id, properties: g.properties,
    customer: customer === undefined ? null : customerWire(customer),
    ...(benefit === undefined ? {} : { benefit: benefitWire(benefit) }),
  };
}
