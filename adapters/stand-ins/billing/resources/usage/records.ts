import type { BaseRecord } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface EventRecord {
  readonly id: string;
  readonly timestamp: string;
  readonly organization_id: string;
  readonly customer_id: string | null;
  readonly external_customer_id: string | null;
  readonly name: string;
  readonly source: 'system' | 'user';
  readonly metadata: Record<string, unknown>;
  /** The id a caller gave (`external_id`): a second ingest with it is a duplicate. */
  readonly external_id: string | null;
}

export interface CustomerMeterRecord extends BaseRecord {
  readonly customer_id: string;
  readonly meter_id: string;
  readonly consumed_units: number;
  readonly credited_units: number;
  readonly balance: number;
}

export function usageCollections(store: Store) {
  return {
    events: store.collection<EventRecord>('events', {
      org: (e) => e.organization_id,
      customer: (e) => e.customer_id,
      externalCustomer: (e) => (e.external_customer_id === null ? null : `${e.organization_id}|${e.external_customer_id}`),
      externalId: (e) => (e.external_id === null ? null : `${e.organization_id}|${e.external_id}`),
    }),
    customerMeters: store.collection<CustomerMeterRecord>('customer_meters', {
      customer: (m) => m.customer_id,
      meter: (m) => m.meter_id,
      pair: (m) => `${m.customer_id}|${m.meter_id}`,
    }),
  };
}
