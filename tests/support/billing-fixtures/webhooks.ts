import { CREATED, DELIVERY_ID, MODIFIED, ORG_ID, WEBHOOK_ENDPOINT_ID, WEBHOOK_EVENT_ID } from './ids.js';

export const webhookEndpointWire = (over: Record<string, unknown> = {}) => ({
  id: WEBHOOK_ENDPOINT_ID,
  created_at: CREATED,
  modified_at: MODIFIED,
  url: 'https://ensemble.example.com/api/webhooks/billing',
  format: 'raw',
  secret: 'whsec_Q2xvdWRzQXJlTWFkZU9mV2F0ZXJWYXBvdXIxMjM0NTY3',
  organization_id: ORG_ID,
  events: ['subscription.updated', 'customer.state_changed'],
  enabled: true,
  ...over,
});

export const webhookDeliveryWire = (over: Record<string, unknown> = {}) => ({
  id: DELIVERY_ID,
  created_at: CREATED,
  modified_at: null,
  succeeded: false,
  http_code: 503,
  response: 'Service Unavailable',
  webhook_event: {
    id: WEBHOOK_EVENT_ID,
    created_at: CREATED,
    modified_at: null,
    last_http_code: 503,
    succeeded: false,
    skipped: false,
    payload: '{"type":"subscription.updated","timestamp":"2026-03-01T10:15:30Z","data":{}}',
    type: 'subscription.updated',
    is_archived: false,
  },
  ...over,
});
