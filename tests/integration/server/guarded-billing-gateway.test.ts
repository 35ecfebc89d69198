import { describe, expect, it } from 'vitest';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { GuardedBillingGateway } from '../../../adapters/billing-guard/guarded-billing-gateway.js';

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

describe('a provider outage is noticed: circuit breaker over timeouts and 5xx', () => {
  const outage = () => {
    let now = 0;
    const inner = new InMemoryBillingGateway({ mode: 'down' });
    // Counts the calls that reach the provider.
    let asked = 0;
    const counted = new Proxy(inner, {
      get: (target, key, receiver) => {
        const value: unknown = Reflect.get(target, key, receiver);
        return typeof value === 'function' ? (...args: unknown[]) => ((asked += 1), (value as (...a: unknown[]) => unknown).apply(target, args)) : value;
      },
    });
    const logger = new InMemoryLogger();
    const guarded = new GuardedBillingGateway(counted, { logger, breakerFailures: 3, breakerCooldownMs: 10_000, now: () => now });
    const calls = () => asked;
    return { inner, logger, guarded, calls, advance: (ms: number) => (now += ms) };
  };
  const code = (r: { success: boolean; error?: { code: string } }) => (r.success ? 'ok' : r.error!.code);

  it('the first failure already says billing is unavailable; three in a row open the breaker and calls are refused without asking the provider', async () => {
    const { guarded, calls, logger } = outage();
    expect(guarded.available).toBe(true);
    expect(code(await guarded.getPlanProduct())).toBe('billing_unavailable');
    expect(guarded.available).toBe(false);
    await guarded.getPlanProduct();
    await guarded.getPlanProduct();
    const asked = calls();
    const refused = await guarded.getCustomerState('u1');
    expect(code(refused)).toBe('billing_unavailable');
    expect(refused.success ? null : refused.error.details).toMatchObject({ reason: 'circuit_open' });
    expect(calls()).toBe(asked);
    expect(logger.entries.filter((e) => e.level === 'warn' && /not answering/.test(e.message))).toHaveLength(1);
  });

  it('after one failure, one call at a time tries the provider; the others are refused at once', async () => {
    const { guarded, calls } = outage();
    await guarded.getPlanProduct();
    const asked = calls();
    const answers = await Promise.all([guarded.getPlanProduct(), guarded.getPlanProduct(), guarded.getPlanProduct()]);
    expect(answers.map(code)).toEqual(['billing_unavailable', 'billing_unavailable', 'billing_unavailable']);
    expect(calls()).toBe(asked + 1);
  });

  it('after the cooldown one probe goes through (the others are still refused while it runs); its success closes the breaker', async () => {
    const { inner, guarded, calls, advance } = outage();
    for (let i = 0; i < 3; i += 1) await guarded.getPlanProduct();
    inner.setMode('ready');
    expect(code(await guarded.getPlanProduct())).toBe('billing_unavailable');
    advance(10_000);
    expect(guarded.available).toBe(true);
    const asked = calls();
    const [probe, other] = await Promise.all([guarded.getPlanProduct(), guarded.getPlanProduct()]);
    expect([code(probe), code(other)]).toEqual(['ok', 'billing_unavailable']);
    expect(calls()).toBe(asked + 1);
    expect(code(await guarded.getPlanProduct())).toBe('ok');
    expect(guarded.available).toBe(true);
  });

  it('a failed probe opens the breaker for another cooldown', async () => {
    const { guarded, calls, advance } = outage();
    for (let i = 0; i < 3; i += 1) await guarded.getPlanProduct();
    advance(10_000);
    await guarded.getPlanProduct();
    expect(guarded.available).toBe(false);
    const asked = calls();
    await guarded.getPlanProduct();
    expect(calls()).toBe(asked);
  });

  it('answers that are not outages (not found, a rejected token) never open the breaker', async () => {
    const { inner, guarded } = outage();
    inner.setMode('ready');
    for (let i = 0; i < 5; i += 1) expect(code(await guarded.createPortalSession({ userId: 'nobody' }))).toBe('not_found');
    expect(guarded.available).toBe(true);
  });
});
