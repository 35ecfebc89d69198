import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { secretValues } from '../../../web/server/config.js';
import { contentSecurityPolicy } from '../../../web/server/http/security-headers.js';
import { startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
const billing = new InMemoryBillingGateway();
// Model keys are secrets too; nothing answers from a provider in these tests, the keys are only held.
const MODEL_KEYS = {
  OPENAI_API_KEY: 'sk-test-openai-key-0123456789abcdef',
  ANTHROPIC_API_KEY: 'sk-ant-test-key-0123456789abcdef',
  GOOGLE_GENERATIVE_AI_API_KEY: 'AIzaTestGoogleKey0123456789abcdef',
  OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:9/v1',
  OPENAI_COMPATIBLE_API_KEY: 'test-compatible-key-0123456789abcdef',
  OPENAI_COMPATIBLE_MODELS: 'local-llama',
};
beforeAll(async () => {
  s = await startTestServer({
    billing,
    env: { PUBLIC_URL: 'https://ensemble.example', SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-for-tests-0123456789', TAG_MANAGER_ID: 'GTM-ABC123', ...MODEL_KEYS },
  });
});
afterAll(async () => {
  await s.close();
});

describe('GET /api/config: public configuration only', () => {
  it('gives the Supabase URL and anon key, tag manager, widget and billing availability', async () => {
    const config = await (await s.api('/api/config')).json();
    expect(config).toEqual({
      supabaseUrl: 'http://127.0.0.1:54321',
      supabaseAnonKey: 'anon-key-for-tests',
      tagManagerId: 'GTM-ABC123',
      supportWidgetSrc: null,
      billingAvailable: true,
      creditsPerPeriod: 1000,
    });
  });

  it('contains none of the configured secret values, model keys included (nor does the model list)', async () => {
    const secrets = [...secretValues(s.config), MODEL_KEYS.OPENAI_API_KEY, MODEL_KEYS.ANTHROPIC_API_KEY, MODEL_KEYS.GOOGLE_GENERATIVE_AI_API_KEY, MODEL_KEYS.OPENAI_COMPATIBLE_API_KEY];
    expect(secrets.length).toBeGreaterThanOrEqual(7);
    for (const path of ['/api/config', '/api/models', '/api/billing/plan', '/api/health']) {
      const text = await (await s.api(path)).text();
      for (const secret of secrets) expect(text, `${path} leaks a secret`).not.toContain(secret);
    }
    // The keys did take effect: their providers' models are available.
    const models = (await (await s.api('/api/models')).json()).models as { provider: string; available: boolean }[];
    expect(models.some((m) => m.provider === 'openai' && m.available)).toBe(true);
  });

  it('without a tag manager or widget the CSP names no third party at all', () => {
    const csp = contentSecurityPolicy({ supabaseUrl: 'https://abcdefgh.supabase.co', tagManager: false, supportWidgetSrc: null });
    expect(csp).not.toMatch(/google|\*/);
    expect(csp).toContain("connect-src 'self' https://abcdefgh.supabase.co wss://abcdefgh.supabase.co;");
    expect(csp).toContain("frame-src 'none'");
  });

  it('sends the security headers: CSP with the Supabase origin and the tag manager, no framing', async () => {
    const response = await s.api('/api/config');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/connect-src 'self' http:\/\/127\.0\.0\.1:54321/);
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com https:\/\/\*\.googletagmanager\.com(;|$)/);
    // What the container reports to (Google Analytics 4 through Tag Manager) is allowed as beacons.
    expect(csp).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com [^;]*https:\/\/\*\.analytics\.google\.com/);
    expect(csp).toMatch(/img-src [^;]*https:\/\/\*\.google-analytics\.com/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('every kind of answer carries them and its request id: JSON, a chat stream, a refusal, an unknown path', async () => {
    const user = await s.signIn(1_000);
    const answers = [
      await s.api('/api/config', { headers: { 'x-request-id': 'mine-1' } }),
      await s.api('/api/chat', { method: 'POST', token: user.token, json: { message: 'Hi', modelIds: ['offline'] } }),
      await s.api('/api/credits'),
      await s.api('/api/shared/no-such-link'),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 401, 404]);
    for (const response of answers) {
      await response.body?.cancel();
      for (const name of ['content-security-policy', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'cross-origin-opener-policy']) {
        expect(response.headers.get(name), `${response.url} ${name}`).toBeTruthy();
      }
      expect(response.headers.get('x-request-id')).toMatch(/^(mine-1|[0-9a-f-]{36})$/);
    }
    expect(answers[0]!.headers.get('x-request-id')).toBe('mine-1');
  });
});

describe('billing routes: billing on the server (app spec §6, §7)', () => {
  it('GET /api/billing/plan: base price, discount percent and discounted price', async () => {
    const plan = await (await s.api('/api/billing/plan')).json();
    expect(plan).toMatchObject({ basePriceCents: 2500, discountPercent: 20, discountedPriceCents: 2000, currency: 'usd', available: true });
  });

  it('checkout acts for the caller and comes back into the app', async () => {
    const u = await s.signIn();
    const response = await s.api('/api/billing/checkout', { method: 'POST', token: u.token, json: {} });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.url).toMatch(/^https:\/\/billing\.example\.test\/checkout\//);
  });

  it('cancel and portal act on the caller\'s own customer only', async () => {
    const alice = await s.signIn();
    const bob = await s.signIn();
    const checkout = await (await s.api('/api/billing/checkout', { method: 'POST', token: alice.token, json: {} })).json();
    await billing.completeCheckout(checkout.checkoutId);
    // Bob cannot reach Alice's subscription, even by naming her in the body.
    const bobCancel = await s.api('/api/billing/subscription/cancel', { method: 'POST', token: bob.token, json: { reason: 'unused', userId: alice.userId } });
    expect(bobCancel.status).toBe(400);
    const bobCancelPlain = await s.api('/api/billing/subscription/cancel', { method: 'POST', token: bob.token, json: { reason: 'unused' } });
    expect(bobCancelPlain.status).toBe(404);
    expect((await s.api('/api/billing/portal', { method: 'POST', token: bob.token, json: {} })).status).toBe(404);
    const aliceState = await (await s.api('/api/billing/state', { token: alice.token })).json();
    expect(aliceState.customer.activeSubscriptions[0]).toMatchObject({ cancelAtPeriodEnd: false });
    const aliceCancel = await s.api('/api/billing/subscription/cancel', { method: 'POST', token: alice.token, json: { reason: 'too_expensive', comment: 'later' } });
    expect(aliceCancel.status).toBe(200);
    expect((await aliceCancel.json()).subscription).toMatchObject({ cancelAtPeriodEnd: true, cancellationReason: 'too_expensive' });
    const portal = await (await s.api('/api/billing/portal', { method: 'POST', token: alice.token, json: {} })).json();
    expect(portal.url).toContain(encodeURIComponent('https://ensemble.example/account'));
  });

  it('resume acts on the caller\'s own cancelled plan only; a second user cannot', async () => {
    const alice = await s.signIn();
    const bob = await s.signIn();
    const checkout = await (await s.api('/api/billing/checkout', { method: 'POST', token: alice.token, json: {} })).json();
    await billing.completeCheckout(checkout.checkoutId);
    await s.api('/api/billing/subscription/cancel', { method: 'POST', token: alice.token, json: { reason: 'unused' } });
    expect((await s.api('/api/billing/subscription/resume', { method: 'POST', json: {} })).status).toBe(401);
    const bobResume = await s.api('/api/billing/subscription/resume', { method: 'POST', token: bob.token, json: {} });
    expect(bobResume.status).toBe(404);
    expect((await s.api('/api/billing/subscription/resume', { method: 'POST', token: bob.token, json: { userId: alice.userId } })).status).toBe(400);
    const stillEnding = await (await s.api('/api/billing/state', { token: alice.token })).json();
    expect(stillEnding.customer.activeSubscriptions[0]).toMatchObject({ cancelAtPeriodEnd: true });
    const resumed = await s.api('/api/billing/subscription/resume', { method: 'POST', token: alice.token, json: {} });
    expect(resumed.status).toBe(200);
    expect((await resumed.json()).subscription).toMatchObject({ cancelAtPeriodEnd: false, endsAt: null });
    expect((await s.api('/api/billing/subscription/resume', { method: 'POST', token: alice.token, json: {} })).status).toBe(409);
  });

  it('a checkout is read back for its owner only; made-up ids are 404', async () => {
    const alice = await s.signIn();
    const bob = await s.signIn();
    const checkout = await (await s.api('/api/billing/checkout', { method: 'POST', token: alice.token, json: {} })).json();
    const open = await s.api(`/api/billing/checkouts/${checkout.checkoutId}`, { token: alice.token });
    expect(await open.json()).toEqual({ checkout: { id: checkout.checkoutId, status: 'open', declined: false } });
    const declined = await (await s.api('/api/billing/checkout', { method: 'POST', token: alice.token, json: {} })).json();
    billing.declineCheckout(declined.checkoutId);
    expect(await (await s.api(`/api/billing/checkouts/${declined.checkoutId}`, { token: alice.token })).json()).toEqual({ checkout: { id: declined.checkoutId, status: 'open', declined: true } });
    await billing.completeCheckout(checkout.checkoutId);
    expect((await (await s.api(`/api/billing/checkouts/${checkout.checkoutId}`, { token: alice.token })).json()).checkout.status).toBe('succeeded');
    expect((await s.api(`/api/billing/checkouts/${checkout.checkoutId}`, { token: bob.token })).status).toBe(404);
    expect((await s.api('/api/billing/checkouts/made-up', { token: alice.token })).status).toBe(404);
    expect((await s.api(`/api/billing/checkouts/${'x'.repeat(300)}`, { token: alice.token })).status).toBe(400);
  });

  it('the checkout comes back to the app on success and on its back link; other addresses are refused', async () => {
    const u = await s.signIn();
    const refused = await s.api('/api/billing/checkout', { method: 'POST', token: u.token, json: { returnUrl: 'https://elsewhere.example/' } });
    expect(refused.status).toBe(400);
    const accepted = await s.api('/api/billing/checkout', { method: 'POST', token: u.token, json: { returnUrl: 'https://ensemble.example/subscribe?checkout=returned' } });
    expect(accepted.status).toBe(201);
  });
});

describe('a rejected billing token (app spec §6: warn and turn billing off)', () => {
  it('logs a warning, answers 503 billing_unavailable, and reports billing as unavailable', async () => {
    const off = new InMemoryBillingGateway({ mode: 'unavailable' });
    const server = await startTestServer({ billing: off });
    try {
      const u = await server.signIn();
      const checkout = await server.api('/api/billing/checkout', { method: 'POST', token: u.token, json: {} });
      expect(checkout.status).toBe(503);
      expect(await checkout.json()).toMatchObject({ error: 'billing_unavailable', message: expect.stringMatching(/Billing is unavailable/) });
      expect(server.logger.entries.some((e) => e.level === 'warn' && /rejected the access token/.test(e.message))).toBe(true);
      const plan = await (await server.api('/api/billing/plan')).json();
      expect(plan).toMatchObject({ available: false, basePriceCents: 2500 });
      expect((await (await server.api('/api/config')).json()).billingAvailable).toBe(false);
      const cancel = await server.api('/api/billing/subscription/cancel', { method: 'POST', token: u.token, json: { reason: 'other' } });
      expect(cancel.status).toBe(503);
      expect((await server.api('/api/billing/portal', { method: 'POST', token: u.token, json: {} })).status).toBe(503);
    } finally {
      await server.close();
    }
  });

  it('no billing provider configured: plan unavailable with the fallback price, calls 503', async () => {
    const server = await startTestServer({ billing: null });
    try {
      const u = await server.signIn();
      expect(await (await server.api('/api/billing/plan')).json()).toMatchObject({ available: false, basePriceCents: 2500, discountedPriceCents: 2500 });
      expect((await server.api('/api/billing/state', { token: u.token })).status).toBe(503);
    } finally {
      await server.close();
    }
  });
});
