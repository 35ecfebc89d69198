import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeCall, readmeRows } from '../../support/billing-spec-calls.js';
import { DECLINED_TOKEN, confirmBody, publicCall, uniqueEmail, advanceClock, DAY } from '../billing-sandbox/commerce-harness.js';
import type { Answer } from '../billing-sandbox/sandbox-harness.js';
import { issueLines } from './oracle.js';
import { sdkDeclaredErrors, sdkErrorSchema, withResponse, type DeclaredError } from './sdk-declared-errors.js';
import { closeWorld, created, newProduct, portal, richBuyer, startWorld, type OracleWorld } from './world.js';

/**
 * Error answers: each error status the sandbox answers for a call of the specs, where the SDK binds a
 * typed error to that status, parses with that error's own schema (a body of another shape would be a
 * ResponseValidationError in the SDK, not the typed error).
 */
const declared = sdkDeclaredErrors();
let w: OracleWorld;
const answers: { call: string; label: string; answer: Answer }[] = [];

/** Unknown ids, empty bodies: the errors every call can answer. */
async function sweep(w: OracleWorld): Promise<void> {
  const calls = [...new Set(readmeRows().map((row) => row.call))];
  for (const call of calls) {
    const [method, template] = call.split(' ') as [string, string];
    const path = template
      .replace('/customer-portal/organizations/{}', '/customer-portal/organizations/no-such-org')
      .replace(/\{\}/g, () => (template.includes('/client/') ? 'polar_c_unknown' : template.includes('/external/') ? 'nobody' : crypto.randomUUID()));
    const token = template.startsWith('/v1/customer-portal/') ? w.buyer.session : w.t.seed.accessToken;
    const body = method === 'POST' || method === 'PATCH' ? {} : undefined;
    answers.push({ call, label: 'unknown id or empty body', answer: await w.t.api(method, path, body, token) });
  }
}

/** Named errors of the commerce flow, each produced the way a real client meets it. */
async function namedErrors(w: OracleWorld): Promise<void> {
  const add = (call: string, label: string, answer: Answer) => answers.push({ call: normalizeCall(call), label, answer });
  const oneTime = await newProduct(w, [{ amount_type: 'fixed', price_amount: 900, price_currency: 'usd' }]);
  const open = created<{ id: string; client_secret: string }>(await w.t.api('POST', '/v1/checkouts/', { products: [oneTime.id] }));
  add('POST /v1/checkouts/client/{client_secret}/confirm', 'declined card (PaymentError)', await publicCall(w.t, 'POST', open.client_secret, '/confirm', confirmBody(uniqueEmail('declined'), DECLINED_TOKEN)));
  const done = created<{ id: string; client_secret: string }>(await w.t.api('GET', `/v1/checkouts/${w.buyer.checkoutId}`), 200);
  add('PATCH /v1/checkouts/{id}', 'succeeded checkout (NotOpenCheckout)', await w.t.api('PATCH', `/v1/checkouts/${done.id}`, { metadata: { late: true } }));
  add('PATCH /v1/checkouts/client/{client_secret}', 'succeeded checkout (NotOpenCheckout)', await publicCall(w.t, 'PATCH', done.client_secret, '', { customer_name: 'Late' }));
  add('POST /v1/checkouts/client/{client_secret}/confirm', 'succeeded checkout (NotOpenCheckout)', await publicCall(w.t, 'POST', done.client_secret, '/confirm', confirmBody(uniqueEmail('again'))));
  const rich = await richBuyer(w);
  const key = { key: rich.licenseKey.key, organization_id: w.t.seed.organizationId };
  await w.t.api('POST', '/v1/customer-portal/license-keys/activate', { ...key, label: 'second' }, null);
  add('POST /v1/customer-portal/license-keys/activate', 'activation limit (NotPermitted)', await w.t.api('POST', '/v1/customer-portal/license-keys/activate', { ...key, label: 'third' }, null));
  add('POST /v1/customer-portal/license-keys/validate', 'unknown key (ResourceNotFound)', await w.t.api('POST', '/v1/customer-portal/license-keys/validate', { ...key, key: 'ENS-NOPE' }, null));
  const sub = rich.buyer.subscriptionId as string;
  created(await portal(w, 'DELETE', `/v1/customer-portal/subscriptions/${sub}`, undefined, rich.buyer.session), 200);
  add('DELETE /v1/customer-portal/subscriptions/{id}', 'twice (AlreadyCanceledSubscription)', await portal(w, 'DELETE', `/v1/customer-portal/subscriptions/${sub}`, undefined, rich.buyer.session));
  add('PATCH /v1/customer-portal/subscriptions/{id}', 'cancel twice (AlreadyCanceledSubscription)', await portal(w, 'PATCH', `/v1/customer-portal/subscriptions/${sub}`, { cancel_at_period_end: true }, rich.buyer.session));
  const spare = created(await w.t.api('POST', '/v1/benefits/', { type: 'custom', description: 'Fixed', properties: {} }));
  await w.t.api('PUT', `/__sandbox/benefits/${spare.id}`, { deletable: false }, null);
  add('DELETE /v1/benefits/{id}', 'not deletable (NotPermitted)', await w.t.api('DELETE', `/v1/benefits/${spare.id}`));
  const later = created<{ client_secret: string }>(await w.t.api('POST', '/v1/checkouts/', { products: [oneTime.id] }));
  expect((await advanceClock(w.t, DAY + 60)).status).toBe(200);
  add('GET /v1/checkouts/client/{client_secret}', 'expired (ExpiredCheckoutError)', await publicCall(w.t, 'GET', later.client_secret));
  add('PATCH /v1/checkouts/client/{client_secret}', 'expired (ExpiredCheckoutError)', await publicCall(w.t, 'PATCH', later.client_secret, '', { customer_name: 'Late' }));
  add('POST /v1/checkouts/client/{client_secret}/confirm', 'expired (ExpiredCheckoutError)', await publicCall(w.t, 'POST', later.client_secret, '/confirm', confirmBody(uniqueEmail('late'))));
}

beforeAll(async () => {
  w = await startWorld();
  await sweep(w);
  await namedErrors(w);
}, 120_000);
afterAll(() => closeWorld(w));

/** The typed error the SDK would raise for this answer, or undefined when it raises its generic SDKError. */
function typedError(call: string, status: number): DeclaredError | undefined {
  if (status === 422) return { status, name: 'HTTPValidationError' };
  return declared.get(call)?.find((e) => e.status === status);
}

describe("the official SDK's typed errors parse the sandbox's error answers", () => {
  it('reads the SDK’s declared errors for every call (the table is not silently empty)', () => {
    expect(declared.get('GET /v1/benefits/{}')).toContainEqual({ status: 404, name: 'ResourceNotFound' });
    expect(declared.get('POST /v1/checkouts/client/{}/confirm')?.map((e) => e.name)).toEqual(
      expect.arrayContaining(['PaymentError', 'CheckoutForbiddenError', 'ResourceNotFound', 'ExpiredCheckoutError', 'HTTPValidationError']),
    );
    expect(declared.size).toBeGreaterThan(150);
  });

  it('every error answer of a status the SDK types parses with that error schema', async () => {
    const failures: string[] = [];
    let parsed = 0;
    for (const { call, label, answer } of answers) {
      if (answer.status < 400) continue;
      const typed = typedError(call, answer.status);
      if (typed === undefined) continue;
      const schema = await sdkErrorSchema(typed.name);
      const result = schema.safeParse(withResponse(answer.body, answer.text, answer.status));
      if (result.success) parsed += 1;
      else failures.push(`${call} [${label}] ${answer.status} → ${typed.name}: ${[...new Set(issueLines(result.error.issues))].join('; ')} (${answer.text.slice(0, 200)})`);
    }
    expect(failures).toEqual([]);
    expect(parsed).toBeGreaterThan(90); // 404s and 422s of the sweep, plus the named errors
  });

  it('the named errors of the flow are the ones the SDK types (not a generic 4XX)', () => {
    const named = answers.filter((a) => a.label.includes('('));
    expect(named.length).toBeGreaterThanOrEqual(12);
    const untyped = named.filter((a) => typedError(a.call, a.answer.status) === undefined).map((a) => `${a.call} [${a.label}] ${a.answer.status} ${a.answer.text.slice(0, 200)}`);
    expect(untyped).toEqual([]);
  });
});
