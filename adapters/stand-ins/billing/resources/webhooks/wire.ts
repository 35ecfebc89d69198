import type { SandboxContext } from '../../engine/context.js';
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookEventRecord } from '../../engine/records.js';

export function webhookEndpointWire(e: WebhookEndpointRecord) {
  return {
    id: e.id, created_at: e.created_at, modified_at: e.modified_at, url: e.url, format: e.format, secret: e.secret,
    organization_id: e.organization_id, events: e.events, enabled: e.enabled, name: e.name,
  };
}

export function webhookEventWire(e: WebhookEventRecord) {
  return {
    id: e.id, created_at: e.created_at, modified_at: e.modified_at, last_http_code: e.last_http_code,
    succeeded: e.succeeded, skipped: false, payload: e.payload, type: e.type, is_archived: false,
  };
}

export function webhookDeliveryWire(ctx: SandboxContext, d: WebhookDeliveryRecord) {
  const event = ctx.db.webhookEvents.get(d.webhook_event_id) as WebhookEventRecord;
  return {
    id: d.id, created_at: d.created_at, modified_at: d.modified_at, succeeded: d.succeeded, http_code: d.http_code,
    response: d.response, webhook_event: webhookEventWire(event),
  };
}
