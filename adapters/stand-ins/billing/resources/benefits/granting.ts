import type { SandboxContext } from '../../engine/context.js';
import type { SavedSubscription } from '../../engine/hooks.js';
import { newId } from '../../engine/ids.js';
import type { BenefitGrantRecord, BenefitRecord, CustomerRecord } from '../../engine/records.js';
import type { Collection } from '../../engine/store.js';
import { emitStateChanged } from '../customers/service.js';
import { displayKey, expiryFrom, formatKey, type LicenseKeyProperties } from '../license-keys/rules.js';
import { recordSystemEvent, refreshCustomerMeters } from '../usage/service.js';
import { benefitGrantWire } from './wire.js';

/**
 * What a grant does per benefit type, hooked into grantBenefits / revokeBenefits (`ctx.hooks`):
 * license_keys issues a key, meter_credit credits units (`meter.credited`), downloadables lists
 * its files, discord / github wait for the customer's account id. Every grant
 * and revocation also records a `benefit.granted` / `benefit.revoked` system event. Renewals
 * (a subscription's new period) cycle the grant: `benefit.cycled`, `benefit_grant.cycled`, and a
 * meter_credit benefit resets the meter and credits again, carrying the balance over on rollover.
 */
const systemMetadata = (grant: BenefitGrantRecord, benefit: BenefitRecord) => ({
  benefit_id: benefit.id,
  benefit_grant_id: grant.id,
  benefit_type: benefit.type,
});

function creditMeter(ctx: SandboxContext, customer: CustomerRecord, benefit: BenefitRecord, carried: number): Record<string, unknown> {
  const { units, rollover, meter_id: meterId } = benefit.properties as { units: number; rollover: boolean; meter_id: string };
  const credited = units + carried;
  recordSystemEvent(ctx, customer, 'meter.credited', { meter_id: meterId, units: credited, rollover });
  refreshCustomerMeters(ctx, customer, [meterId]);
  return { last_credited_meter_id: meterId, last_credited_units: credited, last_credited_at: ctx.now() };
}

function issueLicenseKey(ctx: SandboxContext, grant: BenefitGrantRecord, benefit: BenefitRecord): Record<string, unknown> {
  const props = benefit.properties as unknown as LicenseKeyProperties;
  const key = formatKey(props.prefix, newId());
  const record = ctx.db.licenseKeys.put({
    id: newId(), created_at: ctx.now(), modified_at: null, organization_id: benefit.organization_id, customer_id: grant.customer_id,
    benefit_id: benefit.id, grant_id: grant.id, key, status: 'granted', limit_activations: props.activations?.limit ?? null, usage: 0,
    limit_usage: props.limit_usage ?? null, validations: 0, last_validated_at: null, expires_at: expiryFrom(ctx.clock.now(), props.expires),
  });
  return { license_key_id: record.id, display_key: displayKey(record.key) };
}

function grantProperties(ctx: SandboxContext, grant: BenefitGrantRecord, benefit: BenefitRecord, customer: CustomerRecord): Record<string, unknown> {
  const p = benefit.properties;
  switch (benefit.type) {
    case 'license_keys':
      return issueLicenseKey(ctx, grant, benefit);
    case 'meter_credit':
      return creditMeter(ctx, customer, benefit, 0);
    case 'downloadables':
      return { files: (p.files as string[]).filter((id) => (p.archived as Record<string, boolean>)[id] !== true) };
    case 'discord':
      return { account_id: null, guild_id: p.guild_id, role_id: p.role_id };
    case 'github_repository':
      return { account_id: null, repository_owner: p.repository_owner, repository_name: p.repository_name, permission: p.permission };
    default:
      return {};
  }
}

interface CycleMark {
  readonly id: string;
  readonly period_start: string;
}

export function registerBenefitGranting(ctx: SandboxContext): void {
  const { hooks } = ctx;
  const cycles = ctx.store.collection<CycleMark>('benefit_grant_cycles');

  hooks.grantCreated.push((grant) => {
    const benefit = ctx.db.benefits.get(grant.benefit_id);
    const customer = ctx.db.customers.get(grant.customer_id);
    if (benefit === undefined || customer === undefined) return grant;
    const properties = grantProperties(ctx, grant, benefit, customer);
    recordSystemEvent(ctx, customer, 'benefit.granted', systemMetadata(grant, benefit));
    if (grant.subscription_id !== null) {
      const s = ctx.db.subscriptions.get(grant.subscription_id);
      if (s !== undefined) cycles.put({ id: grant.id, period_start: s.current_period_start });
    }
    return ctx.db.benefitGrants.update(grant.id, { properties: { ...grant.properties, ...properties } });
  });

  hooks.grantRevoked.push((grant) => {
    const benefit = ctx.db.benefits.get(grant.benefit_id);
    const customer = ctx.db.customers.get(grant.customer_id);
    if (benefit === undefined || customer === undefined) return;
    for (const key of ctx.db.licenseKeys.byIndex('grant', grant.id)) {
      ctx.db.licenseKeys.update(key.id, { status: 'revoked', modified_at: ctx.now() });
    }
    recordSystemEvent(ctx, customer, 'benefit.revoked', systemMetadata(grant, benefit));
  });

  // A renewal stores the subscription with a later period start: its grants cycle in that transaction.
  hooks.subscriptionSaved.push((s) => cycleGrants(ctx, cycles, s));
}

function cycleGrants(ctx: SandboxContext, cycles: Collection<CycleMark>, s: SavedSubscription): void {
  if (s.status !== 'active' && s.status !== 'trialing') return;
  for (const grant of ctx.db.benefitGrants.byIndex('subscription', s.id)) {
    const mark = cycles.get(grant.id);
    if (!grant.is_granted || mark === undefined || s.current_period_start <= mark.period_start) continue;
    const benefit = ctx.db.benefits.get(grant.benefit_id);
    const customer = ctx.db.customers.get(grant.customer_id);
    if (benefit === undefined || customer === undefined) continue;
    cycles.put({ id: grant.id, period_start: s.current_period_start });
    let properties = grant.properties;
    if (benefit.type === 'meter_credit') {
      const meterId = String(benefit.properties.meter_id);
      const current = ctx.db.customerMeters.oneByIndex('pair', `${customer.id}|${meterId}`);
      const carried = benefit.properties.rollover === true ? Math.max(0, Math.floor(current?.balance ?? 0)) : 0;
      recordSystemEvent(ctx, customer, 'meter.reset', { meter_id: meterId });
      properties = { ...properties, ...creditMeter(ctx, customer, benefit, carried) };
    }
    const next = ctx.db.benefitGrants.update(grant.id, { properties, modified_at: ctx.now() });
    recordSystemEvent(ctx, customer, 'benefit.cycled', systemMetadata(grant, benefit));
    ctx.emit('benefit_grant.cycled', benefitGrantWire(ctx, next), benefit.organization_id);
    emitStateChanged(ctx, customer.id);
  }
}
