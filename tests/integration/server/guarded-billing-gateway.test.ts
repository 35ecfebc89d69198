import { describe, expect, it } from 'vitest';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { GuardedBillingGateway } from '../../../web/server/billing/guarded-billing-gateway.js';

const setup = () => {
  let now = 0;
  const inner = new InMemoryBillingGateway({ mode: 'unavailable' });
  const logger = new InMemoryLogger();
  const guarded = new GuardedBillingGateway(inner, { logger, recheckMs: 60_000, now: () => now });
  return { inner, logger, guarded, advance: (ms: number) => (now += ms) };
};

describe('app spec §6 on the server: a rejected billing token turns billing off', () => {
  it('warns once and answers billing_unavailable without asking the provider again', async () => {
    const { inner, logger, guarded } = setup();
    expect((await guarded.getPlanProduct()).success).toBe(false);
    expect(guarded.available).toBe(false);
    inner.setMode('ready');
    // Still off: the provider is not asked again until the recheck time.
    const again = await guarded.getPlanProduct();
    expect(again.success ? 'ok' : again.error.code).toBe('billing_unavailable');
    expect(logger.entries.filter((e) => e.level === 'warn')).toHaveLength(1);
  });

  it('lets one call through after the recheck time and turns billing back on when it works', async () => {
    const { inner, guarded, advance } = setup();
    await guarded.getPlanProduct();
    inner.setMode('ready');
    advance(60_000);
    expect((await guarded.getPlanProduct()).success).toBe(true);
    expect(guarded.available).toBe(true);
  });

  it('other failures (not found, conflict) leave billing on', async () => {
    const { inner, guarded } = setup();
    inner.setMode('ready');
    const missing = await guarded.createPortalSession({ userId: 'nobody' });
    expect(missing.success ? 'ok' : missing.error.code).toBe('not_found');
    expect(guarded.available).toBe(true);
  });

  it('no provider at all: unavailable, every call billing_unavailable', async () => {
    const guarded = new GuardedBillingGateway(null, { logger: new InMemoryLogger() });
    expect(guarded.available).toBe(false);
    const state = await guarded.getCustomerState('u1');
    expect(state.success ? 'ok' : state.error.code).toBe('billing_unavailable');
  });
});
