import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needSpecs, readmeRows, specCalls as allSpecCalls } from '../../support/billing-spec-calls.js';
import { startTestSandbox, type TestSandbox } from './sandbox-harness.js';

// The README's table lists every call of both specs' §7, and each one is served.
function readmeTable(): string[] {
  return readmeRows().filter((row) => row.status.startsWith('done')).map((row) => row.call);
}

const specCalls = allSpecCalls();
const readmeCalls = [...new Set(readmeTable())];

describe('sandbox README call table ("Every call of both specs\' §7")', () => {
  it('the README table itself lists more than 100 calls as done', () => {
    expect(readmeCalls.length).toBeGreaterThan(100);
  });

  it('finds the calls of both specs (the parser is not silently empty)', (ctx) => {
    needSpecs(ctx);
    expect(specCalls.length).toBeGreaterThan(100);
    expect(specCalls).toContain('PATCH /v1/customers/external/{}');
    expect(specCalls).toContain('DELETE /v1/subscriptions/{}');
    expect(specCalls).toContain('GET /v1/customer-portal/meters/{}');
  });

  it('lists every call of billing-api-part-a.md and part-b.md §7 as done', (ctx) => {
    needSpecs(ctx);
    const listed = new Set(readmeTable());
    expect(specCalls.filter((call) => !listed.has(call))).toEqual([]);
  });

  describe('every listed call is a route of the sandbox (not the unknown-route 404)', () => {
    let sandbox: TestSandbox;
    beforeAll(async () => {
      sandbox = await startTestSandbox();
    });
    afterAll(() => sandbox.close());

    it('answers each call with something other than {"detail":"Not Found"}, never a 500, malformed JSON with an error body', async () => {
      const missing: string[] = [];
      for (const call of readmeCalls) {
        const [method, template] = call.split(' ') as [string, string];
        const path = template
          .replace('/customer-portal/organizations/{}', '/customer-portal/organizations/ensemble')
          .replace(/\{\}/g, () => (template.includes('/client/') ? 'polar_c_unknown' : template.includes('/external/') ? 'nobody' : crypto.randomUUID()));
        const response = await fetch(sandbox.sandbox.url + path, {
          method,
          redirect: 'manual',
          headers: { authorization: `Bearer ${sandbox.seed.accessToken}`, 'content-type': 'application/json' },
          ...(method === 'GET' || method === 'DELETE' ? {} : { body: '{}' }),
        });
        const text = await response.text();
        expect(response.status, `${call} must never be a 500`).toBeLessThan(500);
        if (response.status === 404 && text === '{"detail":"Not Found"}') missing.push(call);
        if (method === 'POST' || method === 'PATCH') {
          const malformed = await fetch(sandbox.sandbox.url + path, {
            method,
            redirect: 'manual',
            headers: { authorization: `Bearer ${sandbox.seed.accessToken}`, 'content-type': 'application/json' },
            body: '{"name":',
          });
          expect(malformed.status, `${call} with malformed JSON`).toBeGreaterThanOrEqual(400);
          expect(malformed.status, `${call} with malformed JSON`).toBeLessThan(500);
          expect(Object.keys((await malformed.json()) as object), `${call} answers the provider's error shape`).toContain('error');
        }
      }
      expect(missing).toEqual([]);
    });
  });
});
