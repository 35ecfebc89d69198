import type { SandboxContext } from '../../engine/context.js';
import { runGrantCreated, runGrantRevoked } from '../../engine/hooks.js';
import { newId } from '../../engine/ids.js';
import type { BenefitGrantRecord } from '../../engine/records.js';
import { benefitGrantWire } from './wire.js';

/**
 * Grants the product's benefits to a customer (checkout success, renewals); emits
 * benefit_grant.created per new grant. Call inside the transaction of the triggering change.
 */
export function grantBenefits(
  ctx: SandboxContext,
  input: { customerId: string; benefitIds: readonly string[]; subscriptionId?: string | null; orderId?: string | null },
): BenefitGrantRecord[] {
  const now = ctx.now();
  const existing = ctx.db.benefitGrants.byIndex('customer', input.customerId);
  const created: BenefitGrantRecord[] = [];
  for (const benefitId of input.benefitIds) {
    const same = existing.find((g) => g.benefit_id === benefitId && g.subscription_id === (input.subscriptionId ?? null) && g.is_granted && !g.is_revoked);
    if (same !== undefined) continue;
    const grant = runGrantCreated(ctx, ctx.db.benefitGrants.put({
      id: newId(), created_at: now, modified_at: null, customer_id: input.customerId, benefit_id: benefitId,
      subscription_id: input.subscriptionId ?? null, order_id: input.orderId ?? null, granted_at: now, revoked_at: null,
      is_granted: true, is_revoked: false, properties: {},
    }));
    created.push(grant);
    const organizationId = ctx.db.benefits.get(benefitId)?.organization_id;
    ctx.emit('benefit_grant.created', benefitGrantWire(ctx, grant), organizationId);
  }
  return created;
}

/** Revokes the customer's active grants that match (e.g. of one subscription); emits benefit_grant.revoked. */
export function revokeBenefits(ctx: SandboxContext, customerId: string, match: (grant: BenefitGrantRecord) => boolean = () => true): BenefitGrantRecord[] {
  const now = ctx.now();
  const revoked: BenefitGrantRecord[] = [];
  for (const grant of ctx.db.benefitGrants.byIndex('customer', customerId)) {
    if (!grant.is_granted || grant.is_revoked || !match(grant)) continue;
    const next = ctx.db.benefitGrants.update(grant.id, { is_granted: false, is_revoked: true, revoked_at: now, modified_at: now });
    runGrantRevoked(ctx, next);
    revoked.push(next);
    ctx.emit('benefit_grant.revoked', benefitGrantWire(ctx, next), ctx.db.benefits.get(grant.benefit_id)?.organization_id);
  }
  return revoked;
}
