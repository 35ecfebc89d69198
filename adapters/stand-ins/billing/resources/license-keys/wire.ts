import type { SandboxContext } from '../../engine/context.js';
import { customerWire } from '../customers/wire.js';
import type { ActivationRecord, LicenseKeyRecord } from './records.js';
import { displayKey } from './rules.js';

export function licenseKeyWire(ctx: SandboxContext, k: LicenseKeyRecord) {
  const customer = ctx.db.customers.get(k.customer_id);
  if (customer === undefined) throw new Error(`license key ${k.id} lost its customer`);
  return {
    id: k.id, created_at: k.created_at, modified_at: k.modified_at, organization_id: k.organization_id, customer_id: k.customer_id,
    customer: customerWire(customer), benefit_id: k.benefit_id, key: k.key, display_key: displayKey(k.key), status: k.status,
    limit_activations: k.limit_activations, usage: k.usage, limit_usage: k.limit_usage, validations: k.validations,
    last_validated_at: k.last_validated_at, expires_at: k.expires_at,
  };
}

export const activationBaseWire = (a: ActivationRecord) => ({
  id: a.id, created_at: a.created_at, modified_at: a.modified_at, license_key_id: a.license_key_id, label: a.label, meta: a.meta,
});
