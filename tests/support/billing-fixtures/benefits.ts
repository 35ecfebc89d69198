import { BENEFIT_ID, CREATED, METER_ID, MODIFIED, ORG_ID } from './ids.js';

/** reference §3 "Benefit" (seller view): a meter-credit benefit with mixed-case metadata keys. */
export const benefitWire = (over: Record<string, unknown> = {}) => ({
  id: BENEFIT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  type: 'meter_credit',
  description: '1,000 monthly credits',
  selectable: true,
  deletable: true,
  is_deleted: false,
  organization_id: ORG_ID,
  metadata: { credits_plan: 'pro', Tier_Level: 2 },
  properties: { units: 1000, rollover: false, meter_id: METER_ID },
  ...over,
});
