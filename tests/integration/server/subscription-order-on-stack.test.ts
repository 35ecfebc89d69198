// Subscription events in order and for the plan only, on the real local stack: the app server on
// the Supabase stand-in and the billing sandbox, webhooks signed with the sandbox's secret as the
// provider signs them (delivered late or out of order, as retries for hours make normal).
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import type { RunningSandbox } from '@ensemble/billing-sandbox';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startStackOnStandIns } from '../../support/app-on-stand-in.js';
import { customerWire } from '../../support/billing-fixtures/customers.js';
import { subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';

let supabase: LocalSupabase;
let sandbox: RunningSandbox;
let app: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, sandbox, server: app, close } = await startStackOnStandIns()), 60_000);
afterAll(() => close?.());

async function signUp() {
  const user = await signUpOnStandIn(supabase, app.url, { tag: 'order' });
  const subscribed = async () => ((await (await user.call('GET', '/api/account')).json()) as { subscribed: boolean }).subscribed;
  return { ...user, subscribed };
}

/** A subscription event as the provider sends it, signed with the sandbox's webhook secret. */
async function deliver(userId: string, type: string, at: string, over: Record<string, unknown> = {}) {
  const body = JSON.stringify({ type, timestamp: at, data: subscriptionWire({ customer_id: `cus_${userId}`, customer: customerWire({ id: `cus_${userId}`, external_id: userId }), product_id: sandbox.seed!.productId, ...over }) });
  const id = `msg_${randomUUID()}`;
  const now = new Date();
  const signature = new Webhook(Buffer.from(sandbox.seed!.webhookSecret, 'utf8').toString('base64')).sign(id, now, body);
  const response = await fetch(`${app.url}/api/webhooks/billing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(Math.floor(now.getTime() / 1000)), 'webhook-signature': signature },
    body,
  });
  return { status: response.status, outcome: ((await response.json()) as { outcome?: string }).outcome };
}

/** Bounded wait for the sandbox's own webhooks (delivered asynchronously). */
async function until(check: () => Promise<boolean>): Promise<void> {
  for (let attempt = 0; attempt < 300; attempt += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error('the condition never held');
}

describe('subscription events in order, for the plan only (real stack)', () => {
  it('revoked, then a late and older subscription.active: the user stays not subscribed', async () => {
    const u = await signUp();
    const id = `sub_${randomUUID()}`;
    expect(await deliver(u.userId, 'subscription.active', '2026-11-20T10:00:00.000Z', { id })).toEqual({ status: 202, outcome: 'processed' });
    expect(await u.subscribed()).toBe(true);
    expect(await deliver(u.userId, 'subscription.revoked', '2026-11-22T10:00:00.000Z', { id, status: 'canceled' })).toEqual({ status: 202, outcome: 'processed' });
    expect(await deliver(u.userId, 'subscription.active', '2026-11-21T10:00:00.000Z', { id })).toEqual({ status: 202, outcome: 'ignored' });
    expect(await u.subscribed()).toBe(false);
  });

  it('two events of the same time: the subscription\'s later change (modified_at) wins whichever arrives last', async () => {
    const u = await signUp();
    const id = `sub_${randomUUID()}`;
    const at = '2026-11-23T10:00:00.000Z';
    // Revoked at 10:00:00.9, delivered first; the active state of 10:00:00.2 arrives after it.
    expect(await deliver(u.userId, 'subscription.revoked', at, { id, status: 'canceled', modified_at: '2026-11-23T10:00:00.900Z' })).toEqual({ status: 202, outcome: 'processed' });
    expect(await deliver(u.userId, 'subscription.active', at, { id, modified_at: '2026-11-23T10:00:00.200Z' })).toEqual({ status: 202, outcome: 'ignored' });
    expect(await u.subscribed()).toBe(false);
    const stored = await supabase.db.asAdmin(async (tx) => (await tx.query<{ subscription_status: string; subscription_modified_at: Date }>('select subscription_status, subscription_modified_at from public.profiles where id = $1', [u.userId])).rows[0]);
    expect(stored?.subscription_status).toBe('canceled');
    expect(new Date(stored!.subscription_modified_at).toISOString()).toBe('2026-11-23T10:00:00.900Z');
    // The other way round (the earlier change delivered first), both apply and the later one stands.
    const v = await signUp();
    expect(await deliver(v.userId, 'subscription.active', at, { id, modified_at: '2026-11-23T10:00:00.200Z' })).toEqual({ status: 202, outcome: 'processed' });
    expect(await deliver(v.userId, 'subscription.revoked', at, { id, status: 'canceled', modified_at: '2026-11-23T10:00:00.900Z' })).toEqual({ status: 202, outcome: 'processed' });
    expect(await v.subscribed()).toBe(false);
  });

  it('a user subscribed through the sandbox: a newer revoke of another subscription and an event of another product change nothing', async () => {
    const u = await signUp();
    const checkout = (await (await u.call('POST', '/api/billing/checkout', {})).json()) as { checkoutId: string };
    const details = (await (await fetch(`${sandbox.url}/v1/checkouts/${checkout.checkoutId}`, { headers: { authorization: `Bearer ${sandbox.seed!.accessToken}` } })).json()) as { client_secret: string };
    const confirmed = await fetch(`${sandbox.url}/v1/checkouts/client/${details.client_secret}/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ customer_email: u.email, customer_name: 'Ada Lovelace', customer_billing_address: { country: 'FR' }, confirmation_token_id: TEST_CONFIRMATION_TOKENS.success }),
    });
    expect(confirmed.status).toBe(200);
    await until(() => u.subscribed());

    const later = new Date(Date.now() + 60_000).toISOString();
    // The app asks the sandbox, which still lists the user's active subscription: the event is ignored.
    expect(await deliver(u.userId, 'subscription.revoked', later, { id: `sub_${randomUUID()}`, status: 'canceled' })).toEqual({ status: 202, outcome: 'ignored' });
    expect(await u.subscribed()).toBe(true);
    expect(await deliver(u.userId, 'subscription.revoked', later, { status: 'canceled', product_id: `prod_${randomUUID()}` })).toEqual({ status: 202, outcome: 'ignored' });
    expect(await u.subscribed()).toBe(true);
  });

  it('a checkout for a user who already has the plan is refused (409), pointing to the portal', async () => {
    const u = await signUp();
    expect(await deliver(u.userId, 'subscription.active', new Date().toISOString(), { id: `sub_${randomUUID()}` })).toEqual({ status: 202, outcome: 'processed' });
    const refused = await u.call('POST', '/api/billing/checkout', {});
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ error: 'conflict', message: expect.stringMatching(/portal/i) });
  });
});
