import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../../engine/context.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { expireDueCheckouts } from '../checkouts/expiry.js';
import { renewDueSubscriptions } from '../subscriptions/renewal.js';

const TEN_YEARS_SECONDS = 10 * 366 * 24 * 3600;
const advanceBody = z.strictObject({ seconds: z.number().int().min(1).max(TEN_YEARS_SECONDS) });

/** Runs what the provider's schedulers would have run by now: checkout expiry, renewals, period ends. */
export function runDueWork(ctx: SandboxContext) {
  const expired_checkouts = expireDueCheckouts(ctx);
  const { renewed, ended } = renewDueSubscriptions(ctx);
  return { expired_checkouts, renewed_subscriptions: renewed, ended_subscriptions: ended };
}

const clockWire = (ctx: SandboxContext) => ({ now: ctx.now(), offset_seconds: Math.floor(ctx.clock.offsetMs / 1000) });

/**
 * Sandbox-only clock control under `/v1/__sandbox/clock` (the real API has no such path), with the
 * organization token: GET reads the sandbox's now; POST `/advance {seconds}` moves it forward and
 * runs the due work at once. The same work also runs on every request to the commerce routes.
 */
export function registerClockControl(app: Hono, ctx: SandboxContext): void {
  app.get('/v1/__sandbox/clock', (c) => {
    ctx.auth.organization(c);
    return json(clockWire(ctx));
  });

  app.post('/v1/__sandbox/clock/advance', async (c) => {
    ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, advanceBody);
    ctx.clock.advance(body.seconds * 1000);
    return json({ ...clockWire(ctx), ...runDueWork(ctx) });
  });

  // Real time passes too: the due work runs (at most once a second) before the commerce routes answer.
  let lastRun = 0;
  const due = async (_c: unknown, next: () => Promise<void>) => {
    const now = ctx.clock.now().getTime();
    if (now - lastRun >= 1000) {
      lastRun = now;
      runDueWork(ctx);
    }
    await next();
  };
  for (const base of ['/v1/checkouts', '/v1/subscriptions', '/v1/orders', '/v1/payments', '/v1/refunds', '/v1/customer-portal/subscriptions', '/v1/customer-portal/orders', '/checkout']) {
    app.use(base, due);
    app.use(`${base}/*`, due);
  }
}
