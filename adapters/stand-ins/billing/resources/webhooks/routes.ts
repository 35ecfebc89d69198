import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { webhookEndpointUpdate, webhookEventTypes, webhookFormats } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound } from '../../engine/errors.js';
import { paginate, parseQuery, pathUuid, q, querySchema } from '../../engine/query.js';
import type { OrganizationRecord, WebhookEndpointRecord } from '../../engine/records.js';
import { acceptedNull, json, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { createWebhookEndpoint } from './service.js';
import { webhookDeliveryWire, webhookEndpointWire } from './wire.js';

/**
 * The sandbox relaxes the provider's "https, no localhost, no private IP" rule, so
 * any http(s) URL is accepted. The secret is optional here: when left out, a `whsec_` one is made.
 */
const endpointCreate = z.object({
  url: z.url({ protocol: /^https?$/ }),
  format: z.enum(webhookFormats),
  secret: z.string().min(1).nullable().optional(),
  events: z.array(z.enum(webhookEventTypes)),
  organization_id: z.string().nullable().optional(),
  name: z.string().nullable().optional(),
});

export function registerWebhooks(app: Hono, ctx: SandboxContext): void {
  const { db } = ctx;
  const endpointsQuery = querySchema({ organization_id: q.uuids().optional() });
  // The provider's filters of GET /v1/webhooks/deliveries: endpoint, time range (created_at), success,
  // the HTTP status class, event types, and `query`, text searched in the event's payload (case ignored).
  const deliveriesQuery = querySchema({
    endpoint_id: q.uuids().optional(),
    start_timestamp: q.dateTime().optional(),
    end_timestamp: q.dateTime().optional(),
    succeeded: q.bool().optional(),
    query: q.string().optional(),
    http_code_class: q.enumOf(['2xx', '3xx', '4xx', '5xx']).optional(),
    event_type: q.many(z.enum(webhookEventTypes)).optional(),
  });

  const own = (c: Context): { org: OrganizationRecord; endpoint: WebhookEndpointRecord } => {
    const org = ctx.auth.organization(c);
    const endpoint = db.webhookEndpoints.get(pathUuid(c.req.param('id')));
    if (endpoint === undefined || endpoint.organization_id !== org.id) throw notFound();
    return { org, endpoint };
  };

  app.get('/v1/webhooks/endpoints', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), endpointsQuery);
    const found = db.webhookEndpoints.byIndex('org', org.id).filter((e) => query.organization_id === undefined || query.organization_id.includes(e.organization_id));
    return json(paginate(found, query, webhookEndpointWire));
  });

  app.post('/v1/webhooks/endpoints', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, endpointCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    const endpoint = ctx.store.transaction(() => createWebhookEndpoint(ctx, org.id, body));
    return json(webhookEndpointWire(endpoint), 201);
  });

  app.get('/v1/webhooks/endpoints/:id', (c) => json(webhookEndpointWire(own(c).endpoint)));

  app.patch('/v1/webhooks/endpoints/:id', async (c) => {
    const { endpoint } = own(c);
    const body = await parseBody(c.req.raw, webhookEndpointUpdate);
    if (body.url != null && !/^https?:/.test(body.url)) throw fieldError(['body', 'url'], 'URL scheme should be http or https', body.url);
    const saved = ctx.store.transaction(() =>
      db.webhookEndpoints.update(endpoint.id, (e) => ({
        ...e,
        modified_at: ctx.now(),
        ...(body.url != null ? { url: body.url } : {}),
        ...(body.format != null ? { format: body.format } : {}),
        ...(body.secret != null ? { secret: body.secret } : {}),
        ...(body.events != null ? { events: [...new Set(body.events)] } : {}),
        ...(body.enabled != null ? { enabled: body.enabled } : {}),
        ...(body.name !== undefined ? { name: body.name } : {}),
      })),
    );
    if (saved.enabled && !endpoint.enabled) ctx.webhooks.wake(saved.id);
    return json(webhookEndpointWire(saved));
  });

  app.delete('/v1/webhooks/endpoints/:id', (c) => {
    const { endpoint } = own(c);
    ctx.store.transaction(() => db.webhookEndpoints.delete(endpoint.id));
    return noContent();
  });

  app.get('/v1/webhooks/deliveries', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), deliveriesQuery);
    const endpoints = db.webhookEndpoints.byIndex('org', org.id).map((e) => e.id).filter((id) => query.endpoint_id === undefined || query.endpoint_id.includes(id));
    const text = query.query?.trim().toLowerCase();
    const codeClass = query.http_code_class?.charAt(0);
    const deliveries = endpoints
      .flatMap((id) => db.webhookDeliveries.byIndex('endpoint', id))
      .filter((d) => {
        if (query.start_timestamp !== undefined && d.created_at < query.start_timestamp) return false;
        if (query.end_timestamp !== undefined && d.created_at > query.end_timestamp) return false;
        if (query.succeeded !== undefined && d.succeeded !== query.succeeded) return false;
        if (codeClass !== undefined && (d.http_code === null || String(d.http_code).charAt(0) !== codeClass)) return false;
        if (query.event_type === undefined && (text === undefined || text === '')) return true;
        const event = db.webhookEvents.get(d.webhook_event_id);
        if (event === undefined) return false;
        if (query.event_type !== undefined && !query.event_type.includes(event.type as (typeof webhookEventTypes)[number])) return false;
        return text === undefined || text === '' || (event.payload ?? '').toLowerCase().includes(text);
      });
    deliveries.sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0));
    return json(paginate(deliveries, query, (d) => webhookDeliveryWire(ctx, d)));
  });

  app.post('/v1/webhooks/events/:id/redeliver', (c) => {
    const org = ctx.auth.organization(c);
    const event = db.webhookEvents.get(pathUuid(c.req.param('id')));
    const endpoint = event === undefined ? undefined : db.webhookEndpoints.get(event.webhook_endpoint_id);
    if (event === undefined || endpoint === undefined || endpoint.organization_id !== org.id) throw notFound();
    ctx.webhooks.redeliver(event.id);
    return acceptedNull();
  });
}
