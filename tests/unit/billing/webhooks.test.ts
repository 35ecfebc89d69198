import { createHmac, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { verifyWebhook, WebhookPayloadError, WebhookVerificationError } from '@ensemble/billing-client';
import { customerStateWire } from '../../support/billing-fixtures/customer-state.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';

const SECRET = 'whsec_Q2xvdWRzQXJlTWFkZU9mV2F0ZXJWYXBvdXIxMjM0NTY3';

/** Signs as the provider does (reference §5): HMAC-SHA256 keyed by the secret's UTF-8 bytes over "id.ts.body". */
function deliver(payload: unknown, options: { secret?: string; at?: Date } = {}) {
  const body = JSON.stringify(payload);
  const id = randomUUID();
  const ts = Math.floor((options.at ?? new Date()).getTime() / 1000).toString();
  const signature = createHmac('sha256', Buffer.from(options.secret ?? SECRET, 'utf8')).update(`${id}.${ts}.${body}`).digest('base64');
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'polar.sh webhooks',
      'webhook-id': id,
      'webhook-timestamp': ts,
      'webhook-signature': `v1,${signature}`,
    },
  };
}

describe('verifyWebhook (reference §1 "Webhooks helper", §5)', () => {
  it('a correctly signed subscription.updated becomes a typed camelCase event', () => {
    const { body, headers } = deliver({ type: 'subscription.updated', timestamp: '2026-03-01T10:15:30Z', data: subscriptionWire() });
    const event = dataOf(verifyWebhook(body, headers, SECRET));
    expect(event.type).toBe('subscription.updated');
    if (event.type !== 'subscription.updated') throw new Error('narrowing failed');
    expect(event.data.cancelAtPeriodEnd).toBe(false);
    expect(event.data.customer.externalId).toBe(subscriptionWire().customer.external_id);
  });

  it('customer.state_changed carries the customer state; Headers objects work too', () => {
    const { body, headers } = deliver({ type: 'customer.state_changed', timestamp: '2026-03-01T10:15:30Z', data: customerStateWire() });
    const event = dataOf(verifyWebhook(body, new Headers(headers), SECRET));
    if (event.type !== 'customer.state_changed') throw new Error('narrowing failed');
    expect(event.data.activeSubscriptions).toHaveLength(1);
  });

  it('a signature made with another secret is refused', () => {
    const { body, headers } = deliver({ type: 'subscription.updated', timestamp: '2026-03-01T10:15:30Z', data: subscriptionWire() }, { secret: 'whsec_other' });
    expect(errorOf(verifyWebhook(body, headers, SECRET))).toBeInstanceOf(WebhookVerificationError);
  });

  it('a body changed after signing is refused', () => {
    const { body, headers } = deliver({ type: 'subscription.updated', timestamp: '2026-03-01T10:15:30Z', data: subscriptionWire() });
    expect(errorOf(verifyWebhook(body.replace('"active"', '"canceled"'), headers, SECRET)).kind).toBe('webhook_verification');
  });

  it('a delivery older than the 5-minute tolerance is refused', () => {
    const sixMinutesAgo = new Date(Date.now() - 6 * 60 * 1000);
    const { body, headers } = deliver({ type: 'subscription.updated', timestamp: '2026-03-01T10:15:30Z', data: subscriptionWire() }, { at: sixMinutesAgo });
    const error = errorOf(verifyWebhook(body, headers, SECRET));
    expect(error.kind).toBe('webhook_verification');
    expect(error.message).toMatch(/timestamp/i);
  });

  it('missing signature headers are refused', () => {
    const { body } = deliver({ type: 'subscription.updated', timestamp: '2026-03-01T10:15:30Z', data: subscriptionWire() });
    expect(errorOf(verifyWebhook(body, {}, SECRET)).kind).toBe('webhook_verification');
  });

  it('a correctly signed but unknown event type is a payload validation error', () => {
    const { body, headers } = deliver({ type: 'payout.created', timestamp: '2026-03-01T10:15:30Z', data: { id: 'x' } });
    const error = errorOf(verifyWebhook(body, headers, SECRET));
    expect(error).toBeInstanceOf(WebhookPayloadError);
    expect((error as WebhookPayloadError).rawValue).toMatchObject({ type: 'payout.created' });
  });

  it('a known type whose data does not match is a payload validation error too', () => {
    const { body, headers } = deliver({ type: 'subscription.updated', timestamp: '2026-03-01T10:15:30Z', data: { id: 'x' } });
    expect(errorOf(verifyWebhook(body, headers, SECRET)).kind).toBe('webhook_payload');
  });
});
