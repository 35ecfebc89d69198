import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { domainError, isExpectedFailure, logFailure, type DomainError } from '../../../core/shared/index.js';
import { domainFailure } from '../../../web/server/http/api-error.js';
import type { AppEnv } from '../../../web/server/http/app-env.js';

/** One route answering `failure` through domainFailure, with the logger the server's middleware sets. */
async function answer(failure: DomainError) {
  const logger = new InMemoryLogger();
  const app = new Hono<AppEnv>();
  app.use('*', async (c, next) => {
    c.set('logger', logger);
    c.set('requestId', 'req-1');
    await next();
  });
  app.post('/api/billing/subscription/cancel', (c) => domainFailure(c, failure));
  const response = await app.request('/api/billing/subscription/cancel', { method: 'POST' });
  return { status: response.status, body: (await response.json()) as { error: string; message: string }, logger };
}

describe('a failed answer is logged at the level of who has to act', () => {
  it('an expected 4xx (nothing to cancel) is one info line with its code and message, no error line', async () => {
    const { status, logger } = await answer(domainError('not_found', 'No active subscription to cancel'));
    expect(status).toBe(404);
    expect(logger.at('error')).toEqual([]);
    expect(logger.at('warn')).toEqual([]);
    expect(logger.at('info')).toEqual([
      {
        level: 'info',
        message: 'A request was refused',
        context: { requestId: 'req-1', method: 'POST', path: '/api/billing/subscription/cancel', status: 404, code: 'not_found', message: 'No active subscription to cancel' },
      },
    ]);
  });

  it('every 4xx code is info: conflict, validation, forbidden, insufficient credits, rate limited', async () => {
    for (const code of ['conflict', 'validation', 'forbidden', 'insufficient_credits', 'rate_limited', 'not_authenticated', 'conversation_busy'] as const) {
      const { status, logger } = await answer(domainError(code, 'refused'));
      expect(status).toBeLessThan(500);
      expect([code, logger.at('error')]).toEqual([code, []]);
      expect(logger.at('info')).toHaveLength(1);
    }
  });

  it('a 5xx is an error line with the failure (500 unexpected, 502 network, 503 unavailable)', async () => {
    for (const [code, expected] of [['unexpected', 500], ['network', 502], ['billing_unavailable', 503], ['model_unavailable', 503]] as const) {
      const failure = domainError(code, 'broke');
      const { status, logger } = await answer(failure);
      expect(status).toBe(expected);
      expect(logger.at('info')).toEqual([]);
      expect(logger.at('error')).toEqual([expect.objectContaining({ context: expect.objectContaining({ status: expected, code, error: failure }) })]);
    }
  });
});

describe('an unexpected failure keeps its wording in the log', () => {
  it('the caller reads one sentence of ours, never the adapter\'s message (a database\'s wording)', async () => {
    const failure = domainError('unexpected', 'new row for relation "credit_ledger" violates check constraint "credit_ledger_reference_check"');
    const { status, body, logger } = await answer(failure);
    expect(status).toBe(500);
    expect(body).toEqual({ error: 'unexpected', message: 'Something went wrong on our side; it has been logged' });
    expect(logger.at('error')[0]?.context).toMatchObject({ error: failure });
  });
});

describe('logFailure: the core logs a failed call at the level its code deserves', () => {
  it('the caller\'s own situation at info, a fault at error, both with the code', () => {
    const logger = new InMemoryLogger();
    logFailure(logger, 'Could not open the customer portal', domainError('not_found', 'No billing customer for this user'), { userId: 'u1' });
    logFailure(logger, 'Could not open the customer portal', domainError('network', 'provider unreachable'), { userId: 'u1' });
    expect(logger.entries.map((e) => [e.level, e.context?.['code'], e.context?.['userId']])).toEqual([
      ['info', 'not_found', 'u1'],
      ['error', 'network', 'u1'],
    ]);
    expect(isExpectedFailure(domainError('conflict', 'x'))).toBe(true);
    expect(isExpectedFailure(domainError('billing_not_initialized', 'x'))).toBe(false);
  });
});
