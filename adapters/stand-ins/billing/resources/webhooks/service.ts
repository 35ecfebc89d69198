import type { SandboxContext } from '../../engine/context.js';
import { newId, newSecret, SECRET_PREFIX } from '../../engine/ids.js';
import type { WebhookEndpointRecord } from '../../engine/records.js';

/** Creates an endpoint record (seed and POST). */
export function createWebhookEndpoint(
  ctx: SandboxContext,
  organizationId: string,
  input: { url: string; format?: string; secret?: string | null; events: readonly string[]; name?: string | null },
): WebhookEndpointRecord {
  return ctx.db.webhookEndpoints.put({
    id: newId(), created_at: ctx.now(), modified_at: null, organization_id: organizationId, url: input.url,
    format: input.format ?? 'raw', secret: input.secret ?? newSecret(SECRET_PREFIX.webhookSecret),
    events: [...new Set(input.events)], enabled: true, name: input.name ?? null,
  });
}
