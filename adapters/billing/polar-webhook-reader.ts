import { verifyWebhook } from '@ensemble/billing-client';
import type { BillingWebhookDelivery, BillingWebhookReader, BillingWebhookReading } from '../../core/billing/index.js';
import { toBillingEvent } from './polar-billing-events.js';

/**
 * The billing provider's webhooks (Standard Webhooks signatures over the raw body, checked with the
 * endpoint's secret), read into the core's BillingEvent by the provider's own mapping.
 */
export class PolarWebhookReader implements BillingWebhookReader {
  constructor(private readonly secret: string | null) {}

  get configured(): boolean {
    return this.secret !== null;
  }

  read(webhookId: string, delivery: BillingWebhookDelivery): BillingWebhookReading {
    if (this.secret === null) return { outcome: 'bad_signature', reason: 'Billing webhooks are not configured' };
    const verified = verifyWebhook(delivery.body, delivery.headers, this.secret);
    if (verified.success) return { outcome: 'event', event: toBillingEvent(webhookId, verified.data) };
    if (verified.error.kind === 'webhook_verification') return { outcome: 'bad_signature', reason: verified.error.message };
    return { outcome: 'unknown_shape', reason: verified.error.message };
  }
}
