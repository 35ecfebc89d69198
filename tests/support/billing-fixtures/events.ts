import { BENEFIT_ID, CREATED, CUSTOMER_ID, EVENT_ID, ORG_ID } from './ids.js';

export const userEventWire = (over: Record<string, unknown> = {}) => ({
  id: EVENT_ID,
  timestamp: '2026-03-03T14:02:11.481Z',
  organization_id: ORG_ID,
  customer_id: CUSTOMER_ID,
  customer: null,
  external_customer_id: '11111111-2222-4333-8444-555555555555',
  label: 'model_usage',
  name: 'model_usage',
  source: 'user',
  metadata: { model: 'gpt-4o', credits: 12, streamed: true },
  ...over,
});

export const systemEventWire = (over: Record<string, unknown> = {}) => ({
  ...userEventWire(),
  id: 'e7e7e7e7-f8f8-4a9a-8b0b-c1c1c1c1c1c1',
  label: 'Benefit granted',
  name: 'benefit.granted',
  source: 'system',
  metadata: { benefit_id: BENEFIT_ID, benefit_grant_id: 'g-1', benefit_type: 'meter_credit' },
  ...over,
});

export const eventNameWire = () => ({
  name: 'model_usage',
  source: 'user',
  occurrences: 1432,
  first_seen: CREATED,
  last_seen: '2026-03-03T14:02:11Z',
});
