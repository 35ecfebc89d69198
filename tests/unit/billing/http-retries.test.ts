import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { retryAfterMs, retryDelay, DEFAULT_BACKOFF, isRetryableStatus } from '@ensemble/billing-client';
import type { RetryConfig } from '@ensemble/billing-client';
import { PRODUCT_ID } from '../../support/billing-fixtures/ids.js';
import { productWire } from '../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { mockBilling } from '../../support/billing-mock.js';
import { until } from '../../support/wait.js';

const BACKOFF: RetryConfig = { strategy: 'backoff' };

describe('backoff arithmetic (billing specs §9, reference §1 "Retries")', () => {
  it('delay = 500 * x^1.5 + jitter below one second, capped at 60 s', () => {
    expect(retryDelay(0, DEFAULT_BACKOFF, 0, () => 0)).toBe(0);
    expect(retryDelay(1, DEFAULT_BACKOFF, 0, () => 0)).toBe(500);
    expect(retryDelay(2, DEFAULT_BACKOFF, 0, () => 0)).toBeCloseTo(500 * 2 ** 1.5);
    expect(retryDelay(1, DEFAULT_BACKOFF, 0, () => 0.999)).toBeCloseTo(1499);
    expect(retryDelay(100, DEFAULT_BACKOFF, 0, () => 0)).toBe(60_000);
  });

  it('Retry-After wins over the formula and is capped too', () => {
    expect(retryDelay(5, DEFAULT_BACKOFF, 2000, () => 0.5)).toBe(2000);
    expect(retryDelay(0, DEFAULT_BACKOFF, 120_000, () => 0)).toBe(60_000);
  });

  it('Retry-After is read as seconds or as an HTTP date; past or bad values give 0', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Sun, 01 Mar 2026 10:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Sun, 01 Mar 2026 09:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBe(0);
  });

  it('only 429, 500, 502, 503, 504 are retried by default; ranges like 5XX may be configured', () => {
    expect([429, 500, 502, 503, 504].every((s) => isRetryableStatus(s))).toBe(true);
    expect([400, 404, 409, 501, 505].some((s) => isRetryableStatus(s))).toBe(false);
    expect(isRetryableStatus(501, ['5XX'])).toBe(true);
  });
});

describe('retrying calls (fake timers)', () => {
  let api: ReturnType<typeof mockBilling>;
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(async () => {
    vi.useRealTimers();
    await api.close();
  });

  it('retries are off by default: one 503 is returned as is', async () => {
    api = mockBilling();
    api.reply('GET', '/v1/products/', { status: 503, raw: '' });
    expect(errorOf(await api.client.products.get({ id: PRODUCT_ID }))).toMatchObject({ kind: 'api', statusCode: 503 });
    expect(api.seen).toHaveLength(1);
  });

  it('with backoff per client, 503 then 502 then 200 succeeds after the backoff delays', async () => {
    api = mockBilling({ retry: BACKOFF, random: () => 0 });
    api.reply('GET', '/v1/products/', { status: 503, raw: '' });
    api.reply('GET', '/v1/products/', { status: 502, raw: '' });
    api.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    const pending = api.client.products.get({ id: PRODUCT_ID });
    await until(() => api.seen.length === 2); // first delay: 500 * 0^1.5 + 0 jitter
    await vi.advanceTimersByTimeAsync(499);
    expect(api.seen).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await until(() => api.seen.length === 3);
    expect(dataOf(await pending).name).toBe('Ensemble Pro');
  });

  it('a per-call retry setting applies even when the client has none', async () => {
    api = mockBilling({ random: () => 0 });
    api.reply('GET', '/v1/products/', { status: 429, raw: '', headers: { 'retry-after': '2' } });
    api.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    const pending = api.client.products.get({ id: PRODUCT_ID }, { retry: BACKOFF });
    await until(() => api.seen.length === 1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(api.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(dataOf(await pending).id).toBe(PRODUCT_ID);
  });

  it('Retry-After as an HTTP date is honoured', async () => {
    vi.setSystemTime(new Date('2026-03-01T10:00:00Z'));
    api = mockBilling({ retry: BACKOFF, random: () => 0 });
    api.reply('GET', '/v1/products/', { status: 503, raw: '', headers: { 'retry-after': 'Sun, 01 Mar 2026 10:00:07 GMT' } });
    api.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    const pending = api.client.products.get({ id: PRODUCT_ID });
    await until(() => api.seen.length === 1);
    await vi.advanceTimersByTimeAsync(6999);
    expect(api.seen).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect((await pending).success).toBe(true);
  });

  it('statuses outside the retry list are not retried', async () => {
    api = mockBilling({ retry: BACKOFF });
    api.reply('GET', '/v1/products/', { status: 404, body: { error: 'ResourceNotFound', detail: 'Not found' } });
    expect(errorOf(await api.client.products.get({ id: PRODUCT_ID }))).toMatchObject({ error: 'ResourceNotFound' });
    expect(api.seen).toHaveLength(1);
  });

  it('past maxElapsedTime the last retryable answer is returned and parsed', async () => {
    api = mockBilling({ retry: { strategy: 'backoff', backoff: { maxElapsedTime: 1000 } }, random: () => 0 });
    api.reply('GET', '/v1/products/', { status: 503, raw: 'busy', headers: { 'content-type': 'text/plain' } }, 10);
    const pending = api.client.products.get({ id: PRODUCT_ID });
    await until(() => api.seen.length === 2);
    await vi.advanceTimersByTimeAsync(500);
    await until(() => api.seen.length === 3);
    await vi.advanceTimersByTimeAsync(1500);
    const error = errorOf(await pending);
    expect(api.seen).toHaveLength(4);
    expect(error.message).toContain('Status 503 Content-Type text/plain. Body: busy');
  });

  it('connection errors are retried only when retryConnectionErrors is set', async () => {
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' });
    api = mockBilling({ random: () => 0 });
    api.pool.intercept({ path: () => true, method: 'GET' }).replyWithError(refused());
    const first = errorOf(await api.client.products.get({ id: PRODUCT_ID }, { retry: BACKOFF }));
    expect(first.kind).toBe('connection');
    expect(first.message).toMatch(/^Unable to make request/);

    api.pool.intercept({ path: () => true, method: 'GET' }).replyWithError(refused());
    api.reply('GET', '/v1/products/', { status: 200, body: productWire() });
    const pending = api.client.products.get({ id: PRODUCT_ID }, { retry: { strategy: 'backoff', retryConnectionErrors: true } });
    expect(dataOf(await pending).id).toBe(PRODUCT_ID);
  });

  it('an abort during the backoff wait ends the call with "Request aborted"', async () => {
    api = mockBilling({ retry: BACKOFF, random: () => 0.5 });
    api.reply('GET', '/v1/products/', { status: 503, raw: '' }, 5);
    const controller = new AbortController();
    const pending = api.client.products.get({ id: PRODUCT_ID }, { signal: controller.signal });
    await until(() => api.seen.length === 1);
    controller.abort();
    const error = errorOf(await pending);
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('Request aborted');
  });
});
