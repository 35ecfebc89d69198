import { createHmac } from 'node:crypto';

/**
 * Standard Webhooks signature as the provider computes it: the HMAC key is the raw
 * UTF-8 bytes of the whole secret, `whsec_` prefix included; the signed content is `{id}.{ts}.{body}`.
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

export function webhookHeaders(secret: string, id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': 'polar.sh webhooks',
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': signWebhook(secret, id, timestampSeconds, body),
  };
}
