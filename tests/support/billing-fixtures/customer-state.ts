import { customerWire } from './customers.js';
import { BENEFIT_ID, CREATED, METER_ID, MODIFIED } from './ids.js';
import { subscriptionCoreWire } from './subscriptions.js';

/** The subscription as the customer state lists it: its own fields, without the seller-side links. */
const stateSubscriptionWire = () => {
  const {
    recurring_interval_count: _c,
    ended_at: _e,
    customer_id: _cu,
    checkout_id: _ch,
    customer_cancellation_reason: _r,
    customer_cancellation_comment: _m,
    ...own
  } = subscriptionCoreWire();
  return { ...own, metadata: {}, custom_field_data: {}, meters: [] };
};

/** reference §3 "CustomerState": one active subscription, one granted benefit, one meter. */
export const customerStateWire = (over: Record<string, unknown> = {}) => ({
  ...customerWire(),
  active_subscriptions: [stateSubscriptionWire()],
  granted_benefits: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      created_at: CREATED,
      modified_at: null,
      granted_at: '2026-03-01T10:16:00Z',
      benefit_id: BENEFIT_ID,
      benefit_type: 'meter_credit',
      benefit_metadata: { credits_plan: 'pro' },
      properties: {},
    },
  ],
  active_meters: [
    {
      id: '8a7b6c5d-4e3f-4a2b-9c1d-0e9f8a7b6c5d',
      created_at: CREATED,
      modified_at: MODIFIED,
      meter_id: METER_ID,
      consumed_units: 120.5,
      credited_units: 1000,
      balance: 879.5,
    },
  ],
  ...over,
});
