import type { BillingEvent } from '../domain/billing-events.js';

/** One delivery of the billing provider's webhook, as it arrived: the raw body and its headers. */
export interface BillingWebhookDelivery {
  readonly body: string;
  /** The request's headers, names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
}

/**
 * What a delivery says: a verified event reduced to the core's BillingEvent; a signature that does
 * not hold (missing, wrong or stale: nothing of it may be believed); or a signed body of a shape
 * this server does not know (acknowledged so the provider stops retrying).
 */
export type BillingWebhookReading =
  | { readonly outcome: 'event'; readonly event: BillingEvent }
  | { readonly outcome: 'bad_signature'; readonly reason: string }
  | { readonly outcome: 'unknown_shape'; readonly reason: string };

/**
 * Reads the billing provider's webhook deliveries: checks the signature over the raw body and maps
 * the provider's event to the core's. Which events matter and where their facts sit is the
 * provider's knowledge, so the adapter of the provider implements this; the server only carries
 * the bytes to it.
 */
export interface BillingWebhookReader {
  /** False when this server has no webhook secret: every delivery is refused as unconfigured. */
  readonly configured: boolean;
  read(webhookId: string, delivery: BillingWebhookDelivery): BillingWebhookReading;
}
