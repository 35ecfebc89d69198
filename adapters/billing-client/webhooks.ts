import { Webhook, WebhookVerificationError as StandardWebhookError } from 'standardwebhooks';
import { z } from 'zod';
import { fail, ok, type Result } from './result.js';
import { camelize, type Camelize } from './casing.js';
import { BillingError } from './http/errors.js';
import { benefit } from './schemas/benefit.js';
import { benefitGrant } from './schemas/benefit-grant.js';
import { checkout } from './schemas/checkout.js';
import { dateTime } from './schemas/common.js';
import { customer, customerState } from './schemas/customer.js';
import { discount } from './schemas/discount.js';
import { order } from './schemas/order.js';
import { organization } from './schemas/organization.js';
import { product } from './schemas/product.js';
import { refund } from './schemas/refund.js';
import { subscription } from './schemas/subscription.js';

/** Seats and members are newer than SDK 0.48; only their identity is relied upon. */
const looseResource = z.object({ id: z.string() }).catchall(z.unknown());

const event = <const T extends readonly [string, ...string[]], S extends z.ZodType>(types: T, data: S) =>
  z.object({ type: z.enum(types), timestamp: dateTime, data });

/** The raw-format envelope `{type, timestamp, data}` for every type of reference §5. */
export const webhookPayload = z.discriminatedUnion('type', [
  event(['checkout.created', 'checkout.updated', 'checkout.expired'], checkout),
  event(['customer.created', 'customer.updated', 'customer.deleted'], customer),
  event(['customer.state_changed'], customerState),
  event(['customer_seat.assigned', 'customer_seat.claimed', 'customer_seat.revoked'], looseResource),
  event(['member.created', 'member.updated', 'member.deleted'], looseResource),
  event(['order.created', 'order.updated', 'order.paid', 'order.refunded'], order),
  event(
    [
      'subscription.created',
      'subscription.updated',
      'subscription.active',
      'subscription.canceled',
      'subscription.uncanceled',
      'subscription.cycled',
      'subscription.revoked',
      'subscription.past_due',
      'subscription.paused',
      'subscription.resumed',
    ],
    subscription,
  ),
  event(['refund.created', 'refund.updated'], refund),
  event(['product.created', 'product.updated'], product),
  event(['discount.created', 'discount.updated', 'discount.deleted'], discount),
  event(['benefit.created', 'benefit.updated'], benefit),
  event(['benefit_grant.created', 'benefit_grant.cycled', 'benefit_grant.updated', 'benefit_grant.revoked'], benefitGrant),
  event(['organization.updated'], organization),
]);

/** A verified billing event, camelCase, narrowed by `type`. */
export type BillingWebhookEvent = Camelize<z.output<typeof webhookPayload>>;

/** Bad, missing or stale signature (the `standardwebhooks` verdict). */
export class WebhookVerificationError extends BillingError {
  readonly kind = 'webhook_verification' as const;
  constructor(message: string) {
    super(`Webhook verification failed: ${message}`);
    this.name = 'WebhookVerificationError';
  }
}

/** Signed correctly but not a payload Ensemble knows (unknown `type` or a shape mismatch). */
export class WebhookPayloadError extends BillingError {
  readonly kind = 'webhook_payload' as const;
  constructor(
    readonly rawValue: unknown,
    readonly issues: readonly z.core.$ZodIssue[],
  ) {
    super(`Webhook payload validation failed: ${issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ')}`);
    this.name = 'WebhookPayloadError';
  }
}

type HeaderBag = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

function standardHeaders(headers: HeaderBag): Record<string, string> {
  const get = (name: string): string => {
    if (headers instanceof Headers) return headers.get(name) ?? '';
    const value = Object.entries(headers).find(([k]) => k.toLowerCase() === name)?.[1];
    return Array.isArray(value) ? value.join(' ') : ((value as string | undefined) ?? '');
  };
  return {
    'webhook-id': get('webhook-id'),
    'webhook-timestamp': get('webhook-timestamp'),
    'webhook-signature': get('webhook-signature'),
  };
}

/**
 * Verifies a delivery as SDK 0.48 `validateEvent` does (reference §1 "Webhooks helper", §5): the HMAC
 * key is the UTF-8 bytes of the whole secret (`whsec_` prefix included), handed to `standardwebhooks`
 * as base64; timestamps older or newer than 5 minutes are refused. `body` must be the raw request text.
 */
export function verifyWebhook(
  body: string,
  headers: HeaderBag,
  secret: string,
): Result<BillingWebhookEvent, WebhookVerificationError | WebhookPayloadError> {
  let parsed: unknown;
  try {
    const verifier = new Webhook(Buffer.from(secret, 'utf8').toString('base64'));
    parsed = verifier.verify(body, standardHeaders(headers));
  } catch (error) {
    if (error instanceof StandardWebhookError) return fail(new WebhookVerificationError(error.message));
    if (error instanceof SyntaxError) return fail(new WebhookPayloadError(body, [{ code: 'custom', path: [], message: 'body is not JSON', input: body }]));
    throw error;
  }
  const checked = webhookPayload.safeParse(parsed);
  if (!checked.success) return fail(new WebhookPayloadError(parsed, checked.error.issues));
  return ok(camelize(checked.data) as BillingWebhookEvent);
}
