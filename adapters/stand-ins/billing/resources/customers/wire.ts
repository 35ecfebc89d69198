import { createHash } from 'node:crypto';
import type { SandboxContext } from '../../engine/context.js';
import type { BenefitGrantRecord, CustomerRecord } from '../../engine/records.js';

const avatars = new Map<string, string>();

/** The provider's avatar: gravatar of the lowercased e-mail, 404 when none. Memoized: lists hash 100 at a time. */
export function avatarUrl(email: string): string {
  let url = avatars.get(email);
  if (url === undefined) {
    url = `https://www.gravatar.com/avatar/${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}?d=404`;
    if (avatars.size >= 50_000) avatars.clear();
    avatars.set(email, url);
  }
  return url;
}

export function customerWire(c: CustomerRecord) {
  return {
    id: c.id, created_at: c.created_at, modified_at: c.modified_at, metadata: c.metadata, external_id: c.external_id,
    email: c.email, email_verified: c.email_verified, name: c.name, billing_name: c.billing_name,
    billing_address: c.billing_address, tax_id: c.tax_id, locale: c.locale, organization_id: c.organization_id,
    deleted_at: c.deleted_at, avatar_url: avatarUrl(c.email), type: 'individual' as const,
    default_payment_method_id: c.default_payment_method_id,
  };
}

export function activeGrants(ctx: SandboxContext, customerId: string): BenefitGrantRecord[] {
  return ctx.db.benefitGrants.byIndex('customer', customerId).filter((g) => g.is_granted && !g.is_revoked);
}

/** The customer state: the customer plus active subscriptions, granted benefits, active meters. */
export function customerStateWire(ctx: SandboxContext, c: CustomerRecord) {
  const subscriptions = ctx.db.subscriptions.byIndex('customer', c.id).filter((s) => s.status === 'active' || s.status === 'trialing');
  const meters = ctx.db.customerMeters.byIndex('customer', c.id);
  return {
    ...customerWire(c),
    active_subscriptions: subscriptions.map((s) => ({
      id: s.id, created_at: s.created_at, modified_at: s.modified_at, metadata: s.metadata ?? {},
      custom_field_data: s.custom_field_data ?? {}, status: s.status, amount: s.amount, currency: s.currency,
      recurring_interval: s.recurring_interval, current_period_start: s.current_period_start,
      current_period_end: s.current_period_end, trial_start: s.trial_start ?? null, trial_end: s.trial_end ?? null,
      cancel_at_period_end: s.cancel_at_period_end, canceled_at: s.canceled_at, started_at: s.started_at,
      ends_at: s.ends_at, product_id: s.product_id, discount_id: s.discount_id, meters: [],
    })),
    granted_benefits: activeGrants(ctx, c.id).flatMap((g) => {
      const benefit = ctx.db.benefits.get(g.benefit_id);
      if (benefit === undefined) return [];
      return [{
        id: g.id, created_at: g.created_at, modified_at: g.modified_at, granted_at: g.granted_at ?? g.created_at,
        benefit_id: g.benefit_id, benefit_type: benefit.type, benefit_metadata: benefit.metadata, properties: g.properties,
      }];
    }),
    active_meters: meters.map((m) => ({
      id: m.id, created_at: m.created_at, modified_at: m.modified_at, meter_id: m.meter_id,
      consumed_units: m.consumed_units, credited_units: m.credited_units, balance: m.balance,
    })),
  };
}
