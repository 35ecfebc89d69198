import type { SandboxContext } from '../../engine/context.js';
import { notFound, orThrow } from '../../engine/errors.js';
import type { CheckoutRecord } from './records.js';
import { expiredCheckoutError, isPastExpiry, shouldExpire } from './rules.js';
import { checkoutWire } from './wire.js';

/** Flips an open checkout past its expiry to `expired` and sends `checkout.expired`. */
export function expireIfDue(ctx: SandboxContext, c: CheckoutRecord): CheckoutRecord {
  if (!shouldExpire(c, ctx.clock.now())) return c;
  return ctx.store.transaction(() => {
    const expired = ctx.db.checkouts.put({ ...c, status: 'expired', modified_at: ctx.now() });
    ctx.emit('checkout.expired', checkoutWire(ctx, expired), expired.organization_id);
    return expired;
  });
}

/** Every open checkout past its expiry (the provider's 15-minute cron, run on clock moves). */
export function expireDueCheckouts(ctx: SandboxContext): number {
  let count = 0;
  for (const c of ctx.db.checkouts.byIndex('open', 'open')) {
    if (expireIfDue(ctx, c) !== c) count += 1;
  }
  return count;
}

/** A checkout by client secret for the public calls: 404 unknown, 410 past its expiry. */
export function checkoutBySecret(ctx: SandboxContext, secret: string | undefined): CheckoutRecord {
  const found = secret === undefined ? undefined : ctx.db.checkouts.oneByIndex('secret', secret);
  if (found === undefined) throw notFound();
  const current = expireIfDue(ctx, found);
  if (isPastExpiry(current.expires_at, ctx.clock.now())) orThrow({ success: false, error: expiredCheckoutError() });
  return current;
}
