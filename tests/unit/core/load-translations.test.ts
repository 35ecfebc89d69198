import { describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { InMemoryScheduler } from '../../../adapters/in-memory/in-memory-scheduler.js';
import { InMemoryTranslationLoader } from '../../../adapters/in-memory/in-memory-translation-loader.js';
import { backoffDelayMs, isRetryableStatus, makeLoadTranslations } from '../../../core/interface/index.js';
import { untilScheduled } from '../../support/in-memory-app-world.js';

const FR = { 'home.title': 'Tous les modèles, côte à côte' };

const setup = () => {
  const translationLoader = new InMemoryTranslationLoader({ fr: FR });
  const scheduler = new InMemoryScheduler();
  const logger = new InMemoryLogger();
  const load = makeLoadTranslations({ translationLoader, scheduler, logger }, { maxAttempts: 3, baseDelayMs: 500 });
  return { translationLoader, scheduler, logger, load };
};

describe('translation loading (app spec §7, §8)', () => {
  it('app §8: 5xx or no status is retryable, 4xx is not', () => {
    expect(isRetryableStatus(500)).toBe(true);
    expect(isRetryableStatus(503)).toBe(true);
    expect(isRetryableStatus(null)).toBe(true);
    expect(isRetryableStatus(undefined)).toBe(true);
    expect(isRetryableStatus(404)).toBe(false);
    expect(isRetryableStatus(429)).toBe(false);
    expect(isRetryableStatus(400)).toBe(false);
  });

  it('backoff doubles from the base delay and is capped', () => {
    expect([1, 2, 3, 4, 10].map((n) => backoffDelayMs(n, 500))).toEqual([500, 1000, 2000, 4000, 8000]);
  });

  it('app §7: loads /locales/{lng}/translation.json', async () => {
    const { load, translationLoader } = setup();
    expect(await load({ language: 'fr' })).toEqual({ success: true, data: FR });
    expect(translationLoader.attempts).toEqual(['fr']);
  });

  it('app §8: a 5xx is tried again after the backoff delay, through the Scheduler', async () => {
    const { load, translationLoader, scheduler } = setup();
    translationLoader.failNext('fr', 503);
    const loading = load({ language: 'fr' });
    await untilScheduled(scheduler);
    expect(translationLoader.attempts).toHaveLength(1);
    await scheduler.advance(499);
    expect(translationLoader.attempts).toHaveLength(1);
    await scheduler.advance(1);
    expect(await loading).toEqual({ success: true, data: FR });
    expect(translationLoader.attempts).toHaveLength(2);
  });

  it('app §8: no status (network failure) is retried too, with growing delays', async () => {
    const { load, translationLoader, scheduler } = setup();
    translationLoader.failNext('fr', null, 500);
    const loading = load({ language: 'fr' });
    await untilScheduled(scheduler);
    await scheduler.advance(500);
    await untilScheduled(scheduler);
    await scheduler.advance(999);
    expect(translationLoader.attempts).toHaveLength(2);
    await scheduler.advance(1);
    expect(await loading).toEqual({ success: true, data: FR });
    expect(translationLoader.attempts).toHaveLength(3);
  });

  it('app §8: a 4xx is final: no retry, the error says so', async () => {
    const { load, translationLoader, scheduler, logger } = setup();
    const loaded = await load({ language: 'xx' });
    expect(loaded).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'not_found', details: expect.objectContaining({ status: 404, retryable: false, attempts: 1 }) }),
    });
    expect(translationLoader.attempts).toEqual(['xx']);
    expect(scheduler.pendingCount()).toBe(0);
    expect(logger.at('warn')).toHaveLength(1);
  });

  it('app §8: retries are bounded: after the last attempt the failure is answered', async () => {
    const { load, translationLoader, scheduler } = setup();
    translationLoader.failNext('fr', 502, 502, 502, 502);
    const loading = load({ language: 'fr' });
    await untilScheduled(scheduler);
    await scheduler.advance(500);
    await untilScheduled(scheduler);
    await scheduler.advance(1000);
    const loaded = await loading;
    expect(loaded).toEqual({
      success: false,
      error: expect.objectContaining({ details: expect.objectContaining({ status: 502, retryable: true, attempts: 3 }) }),
    });
    expect(translationLoader.attempts).toHaveLength(3);
    expect(scheduler.pendingCount()).toBe(0);
  });

  it('a language is required', async () => {
    const { load } = setup();
    expect(await load({ language: ' ' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
  });
});
