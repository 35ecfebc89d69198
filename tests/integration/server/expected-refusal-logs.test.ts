// Ordinary refusals (a 404 for nothing to cancel, no billing customer yet, a 409 for a plan already
// active) are logged at info through the whole server, use case and route; error lines are kept
// for 5xx answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { startTestServer, type TestServer } from './server-harness.js';

let s: TestServer;
const billing = new InMemoryBillingGateway();
beforeAll(async () => {
  s = await startTestServer({ billing });
});
afterAll(async () => {
  await s.close();
});

/** The lines the server logged with one answer's request id, at one level. */
const linesOf = (response: Response, level: string) =>
  s.logger.entries.filter((e) => e.level === level && e.context?.['requestId'] === response.headers.get('x-request-id'));

describe('expected 4xx answers are info lines, not error lines', () => {
  it('cancel without a subscription and the portal without a customer: 404, logged at info with their codes', async () => {
    const u = await s.signIn();
    const before = s.logger.at('error').length;
    const cancel = await s.api('/api/billing/subscription/cancel', { method: 'POST', token: u.token, json: { reason: 'unused' } });
    expect(cancel.status).toBe(404);
    const portal = await s.api('/api/billing/portal', { method: 'POST', token: u.token, json: {} });
    expect(portal.status).toBe(404);
    expect(s.logger.at('error').slice(before)).toEqual([]);

    for (const [response, useCaseLine] of [[cancel, 'Could not cancel the subscription'], [portal, 'Could not open the customer portal']] as const) {
      const requestId = response.headers.get('x-request-id');
      expect(linesOf(response, 'info')).toEqual(expect.arrayContaining([
        expect.objectContaining({ message: 'A request was refused', context: expect.objectContaining({ requestId, status: 404, code: 'not_found' }) }),
      ]));
      expect(s.logger.at('info').filter((e) => e.message === useCaseLine && e.context?.['userId'] === u.userId)).toEqual([
        expect.objectContaining({ context: expect.objectContaining({ code: 'not_found' }) }),
      ]);
    }
  });

  it('a provider that fails (a 5xx) is still an error line', async () => {
    const u = await s.signIn();
    billing.setMode('down');
    try {
      const portal = await s.api('/api/billing/portal', { method: 'POST', token: u.token, json: {} });
      expect(portal.status).toBeGreaterThanOrEqual(500);
      expect(linesOf(portal, 'error')).toEqual([
        expect.objectContaining({ context: expect.objectContaining({ status: portal.status, requestId: portal.headers.get('x-request-id') }) }),
      ]);
    } finally {
      billing.setMode('ready');
    }
  });
});
