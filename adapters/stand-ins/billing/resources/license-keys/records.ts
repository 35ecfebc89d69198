import type { BaseRecord, Metadata } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface LicenseKeyRecord extends BaseRecord {
  readonly organization_id: string;
  readonly customer_id: string;
  readonly benefit_id: string;
  readonly grant_id: string;
  readonly key: string;
  readonly status: 'granted' | 'revoked' | 'disabled';
  readonly limit_activations: number | null;
  readonly usage: number;
  readonly limit_usage: number | null;
  readonly validations: number;
  readonly last_validated_at: string | null;
  readonly expires_at: string | null;
}

export interface ActivationRecord extends BaseRecord {
  readonly license_key_id: string;
  readonly label: string;
  readonly conditions: Metadata;
  readonly meta: Metadata;
}

export function licenseKeyCollections(store: Store) {
  return {
    licenseKeys: store.collection<LicenseKeyRecord>('license_keys', {
      org: (k) => k.organization_id,
      customer: (k) => k.customer_id,
      key: (k) => `${k.organization_id}|${k.key.toUpperCase()}`,
      grant: (k) => k.grant_id,
    }),
    activations: store.collection<ActivationRecord>('license_key_activations', { key: (a) => a.license_key_id }),
  };
}
