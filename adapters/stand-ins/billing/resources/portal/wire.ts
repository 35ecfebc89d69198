import type { SandboxContext } from '../../engine/context.js';
import type { BenefitGrantRecord, BenefitRecord, CustomerRecord, OrganizationRecord, PaymentMethodRecord } from '../../engine/records.js';

/** The customer's own view in the portal (no metadata nor external id). */
export function portalCustomerWire(c: CustomerRecord) {
  return {
    id: c.id, created_at: c.created_at, modified_at: c.modified_at, email: c.email, email_verified: c.email_verified,
    name: c.name, billing_name: c.billing_name, billing_address: c.billing_address, tax_id: c.tax_id,
    oauth_accounts: {}, default_payment_method_id: c.default_payment_method_id, type: 'individual' as const,
  };
}

export function paymentMethodWire(p: PaymentMethodRecord) {
  return {
    id: p.id, created_at: p.created_at, modified_at: p.modified_at, processor: p.processor,
    customer_id: p.customer_id, type: p.type, method_metadata: p.method_metadata,
  };
}

export function customerOrganizationWire(o: OrganizationRecord) {
  return {
    id: o.id, created_at: o.created_at, modified_at: o.modified_at, name: o.name, slug: o.slug, avatar_url: o.avatar_url,
    proration_behavior: o.subscription_settings.proration_behavior,
    allow_customer_updates: o.subscription_settings.allow_customer_updates,
    customer_portal_settings: { usage: { show: true }, subscription: { update_seats: true, update_plan: true } },
  };
}

/** What a customer sees of a benefit's properties (portal view). */
function portalProperties(b: BenefitRecord): Record<string, unknown> {
  const p = b.properties;
  switch (b.type) {
    case 'discord':
      return { guild_id: p.guild_id };
    case 'downloadables':
      return { active_files: (p.files as string[]).filter((id) => (p.archived as Record<string, boolean>)[id] !== true) };
    case 'github_repository':
      return { repository_owner: p.repository_owner, repository_name: p.repository_name };
    default:
      return p;
  }
}

export function portalGrantWire(ctx: SandboxContext, g: BenefitGrantRecord, customer: CustomerRecord) {
  const benefit = ctx.db.benefits.get(g.benefit_id);
  const org = benefit === undefined ? undefined : ctx.db.organizations.get(benefit.organization_id);
  if (benefit === undefined || org === undefined) throw new Error(`grant ${g.id} lost its benefit`);
  return {
    id: g.id, created_at: g.created_at, modified_at: g.modified_at, granted_at: g.granted_at, revoked_at: g.revoked_at,
    customer_id: g.customer_id, benefit_id: g.benefit_id, subscription_id: g.subscription_id, order_id: g.order_id,
    is_granted: g.is_granted, is_revoked: g.is_revoked, customer: portalCustomerWire(customer), properties: g.properties,
    benefit: {
      id: benefit.id, created_at: benefit.created_at, modified_at: benefit.modified_at, type: benefit.type, description: benefit.description,
      selectable: benefit.selectable, deletable: benefit.deletable, is_deleted: benefit.is_deleted, organization_id: benefit.organization_id, metadata: benefit.metadata,
      organization: {
        id: org.id, created_at: org.created_at, modified_at: org.modified_at, name: org.name, slug: org.slug, avatar_url: org.avatar_url,
        proration_behavior: org.subscription_settings.proration_behavior, allow_customer_updates: org.subscription_settings.allow_customer_updates,
      },
      properties: portalProperties(benefit),
    },
  };
}
