import { Hono } from 'hono';
import { apiError, domainFailure } from '../http/api-error.js';
import { WEBHOOK_BODY_LIMIT_BYTES } from '../http/body-limit.js';
import type { AppEnv, ServerUseCaseSource } from '../http/app-env.js';
import { isEventNotStorable, type BillingWebhookReader } from '../../../core/billing/index.js';

/**
 * POST /api/webhooks/billing (Standard Webhooks). A bad, missing or stale signature is 401 and
 * changes nothing; a signed event the app does not know is acknowledged (202) so the provider
 * stops retrying; a signed event that can never be stored is acknowledged too (see below); a
 * failure to apply it is 5xx so the provider retries.
 */
export function webhookRoutes(options: { useCases: ServerUseCaseSource; reader: BillingWebhookReader }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/billing', async (c) => {
    const logger = c.get('logger');
    if (!options.reader.configured) return apiError(c, 503, 'billing_unavailable', 'Billing webhooks are not configured (BILLING_WEBHOOK_SECRET)');
    const body = await c.req.text();
    if (Buffer.byteLength(body) > WEBHOOK_BODY_LIMIT_BYTES) return apiError(c, 413, 'payload_too_large', 'The webhook body is too large');
    const webhookId = c.req.header('webhook-id') ?? '';
    if (webhookId.trim() === '') return apiError(c, 400, 'validation', 'The webhook-id header is required');
    const reading = options.reader.read(webhookId, { body, headers: c.req.header() });
    if (reading.outcome === 'bad_signature') {
      logger.warn('billing webhook rejected', { webhookId, reason: reading.reason });
      return apiError(c, 401, 'invalid_signature', reading.reason);
    }
    if (reading.outcome === 'unknown_shape') {
      logger.warn('billing webhook of an unknown shape acknowledged and ignored', { webhookId, reason: reading.reason });
      return c.json({ outcome: 'ignored' }, 202);
    }
    const handled = await options.useCases.shared.handleBillingWebhook(reading.event);
    // A field longer than the ledger keeps fails every delivery alike, so the answer is 2xx, not a
    // 4xx: the provider retries any other status (up to 10 times over hours, each event of the
    // endpoint waiting behind it) and disables an endpoint after 10 failed events. Nothing was
    // applied; the body says why in product words, and the use case logged it at error.
    if (!handled.success && isEventNotStorable(handled.error)) {
      return c.json({ outcome: 'rejected', reason: handled.error.details?.['reason'], message: handled.error.message }, 202);
    }
    if (!handled.success) return domainFailure(c, handled.error);
    logger.info('billing webhook', { webhookId, type: reading.event.type, outcome: handled.data });
    return c.json({ outcome: handled.data }, 202);
  });

  return routes;
}
