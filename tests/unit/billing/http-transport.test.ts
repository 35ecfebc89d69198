import type { ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createBillingClient } from '@ensemble/billing-client';
import { PRODUCT_ID } from '../../support/billing-fixtures/ids.js';
import { productWire } from '../../support/billing-fixtures/products.js';
import { dataOf, errorOf } from '../../support/billing-fixtures/results.js';
import { mockBilling } from '../../support/billing-mock.js';
import { closedPort, localServer } from '../../support/local-http.js';
import { until } from '../../support/wait.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  vi.useRealTimers();
  while (cleanups.length > 0) await cleanups.pop()!();
});

async function holdingServer() {
  const held: ServerResponse[] = [];
  const server = await localServer((_req, res) => {
    if (server.state.received === 1 || !answerLater) held.push(res);
    else res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(productWire()));
  });
  let answerLater = false;
  const dispatcher = new Agent();
  cleanups.push(async () => {
    for (const res of held) res.destroy();
    await dispatcher.close();
    await server.close();
  });
  return { server, dispatcher, held, answerSecond: () => (answerLater = true) };
}

describe('transport errors (billing specs §8 "Transport errors")', () => {
  it('a positive timeout ends a stalled request with "Request timed out"', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { server, dispatcher } = await holdingServer();
    const client = createBillingClient({ server: server.url, accessToken: 't', dispatcher, timeoutMs: 5000 });
    const pending = client.products.get({ id: PRODUCT_ID });
    await until(() => server.state.received === 1);
    await vi.advanceTimersByTimeAsync(5000);
    const error = errorOf(await pending);
    expect(error.kind).toBe('timeout');
    expect(error.message).toMatch(/^Request timed out/);
  });

  it('a timed-out attempt is retried when connection errors are retryable', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { server, dispatcher, answerSecond } = await holdingServer();
    answerSecond();
    const client = createBillingClient({ server: server.url, accessToken: 't', dispatcher, random: () => 0 });
    const pending = client.products.get({ id: PRODUCT_ID }, { timeoutMs: 1000, retry: { strategy: 'backoff', retryConnectionErrors: true } });
    await until(() => server.state.received === 1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(dataOf(await pending).id).toBe(PRODUCT_ID);
    expect(server.state.received).toBe(2);
  });

  it('an AbortSignal fired mid-request ends it with "Request aborted"', async () => {
    const { server, dispatcher } = await holdingServer();
    const client = createBillingClient({ server: server.url, accessToken: 't', dispatcher });
    const controller = new AbortController();
    const pending = client.products.get({ id: PRODUCT_ID }, { signal: controller.signal });
    await until(() => server.state.received === 1);
    controller.abort(new Error('user left'));
    const error = errorOf(await pending);
    expect(error.kind).toBe('aborted');
    expect(error.message).toBe('Request aborted');
  });

  it('an already aborted signal sends nothing', async () => {
    const { server, dispatcher } = await holdingServer();
    const client = createBillingClient({ server: server.url, accessToken: 't', dispatcher });
    const error = errorOf(await client.products.get({ id: PRODUCT_ID }, { signal: AbortSignal.abort() }));
    expect(error.kind).toBe('aborted');
    expect(server.state.received).toBe(0);
  });

  it('a refused connection is "Unable to make request"', async () => {
    const dispatcher = new Agent();
    cleanups.push(() => dispatcher.close());
    const client = createBillingClient({ server: await closedPort(), accessToken: 't', dispatcher });
    const error = errorOf(await client.products.get({ id: PRODUCT_ID }));
    expect(error.kind).toBe('connection');
    expect(error.message).toMatch(/^Unable to make request/);
  });

  it('an answer larger than the size limit is refused rather than buffered', async () => {
    const server = await localServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ filler: 'y'.repeat(200_000) }));
    });
    const dispatcher = new Agent();
    cleanups.push(async () => {
      await dispatcher.close();
      await server.close();
    });
    const client = createBillingClient({ server: server.url, accessToken: 't', dispatcher, maxResponseBytes: 64 * 1024 });
    const error = errorOf(await client.products.get({ id: PRODUCT_ID }));
    expect(error.kind).toBe('unexpected_client');
    expect(error.message).toContain('larger than 65536 bytes');
  });

  it('any other client failure is "Unexpected HTTP client error"', async () => {
    const api = mockBilling();
    cleanups.push(() => api.close());
    api.pool.intercept({ path: () => true, method: 'GET' }).replyWithError(new TypeError('boom'));
    const error = errorOf(await api.client.products.get({ id: PRODUCT_ID }));
    expect(error.kind).toBe('unexpected_client');
    expect(error.message).toBe('Unexpected HTTP client error: boom');
  });
});
