import { customerWire } from './customers.js';
import { CREATED, CUSTOMER_ID, CUSTOMER_METER_ID, METER_ID, MODIFIED, ORG_ID } from './ids.js';

/** reference §3 "Meter": a token counter with a nested filter. */
export const meterWire = (over: Record<string, unknown> = {}) => ({
  id: METER_ID,
  created_at: CREATED,
  modified_at: null,
  metadata: {},
  name: 'Model tokens',
  unit: 'token',
  filter: {
    conjunction: 'and',
    clauses: [
      { property: 'name', operator: 'eq', value: 'model.usage' },
      { conjunction: 'or', clauses: [{ property: 'model', operator: 'like', value: 'gpt' }] },
    ],
  },
  aggregation: { func: 'sum', property: 'tokens' },
  organization_id: ORG_ID,
  ...over,
});

/** reference §3 "CustomerMeter": a customer's balance on a meter. */
export const customerMeterWire = (over: Record<string, unknown> = {}) => ({
  id: CUSTOMER_METER_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  customer_id: CUSTOMER_ID,
  meter_id: METER_ID,
  consumed_units: 120.5,
  credited_units: 1000,
  balance: 879.5,
  customer: customerWire(),
  meter: meterWire(),
  ...over,
});

export const meterQuantitiesWire = () => ({
  quantities: [
    { timestamp: '2026-03-01T00:00:00Z', quantity: 120 },
    { timestamp: '2026-03-02T00:00:00Z', quantity: 42.5 },
  ],
  total: 162.5,
});
