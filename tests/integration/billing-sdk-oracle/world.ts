import { expect } from 'vitest';
import { confirmBody, newCheckout, publicCall, uniqueEmail } from '../billing-sandbox/commerce-harness.js';
import { purchase, type Purchase } from '../billing-sandbox/part2-harness.js';
import { startTestSandbox, type Answer, type TestSandbox } from '../billing-sandbox/sandbox-harness.js';
import type { OracleCase } from './oracle.js';

/** A sandbox of its own per oracle file, with the seeded plan bought once through a real checkout. */
export interface OracleWorld {
  readonly t: TestSandbox;
  readonly buyer: Purchase;
  /** Named records later operations reuse (ids, secrets), filled by the operations that make them. */
  readonly ids: Record<string, string>;
}

export async function startWorld(): Promise<OracleWorld> {
  const t = await startTestSandbox();
  const buyer = await purchase(t, t.seed.productId, 'oracle');
  return { t, buyer, ids: {} };
}

export const closeWorld = (w: OracleWorld): Promise<void> => w.t.close();

/** `label` → answer, for `cases`. */
export const one = async (label: string, answer: Promise<Answer>): Promise<OracleCase[]> => [{ label, answer: await answer }];

export async function cases(entries: Record<string, Promise<Answer> | Answer>): Promise<OracleCase[]> {
  const out: OracleCase[] = [];
  for (const [label, answer] of Object.entries(entries)) out.push({ label, answer: await answer });
  return out;
}

/** The JSON body of a successful raw call (fails the test otherwise). */
export function created<T = Record<string, unknown> & { id: string }>(answer: Answer, status = 201): T {
  expect(answer.status, answer.text).toBe(status);
  return answer.body as T;
}

export const get = (w: OracleWorld, path: string): Promise<Answer> => w.t.api('GET', path);
export const portal = (w: OracleWorld, method: string, path: string, body?: unknown, session = w.buyer.session): Promise<Answer> =>
  w.t.api(method, path, body, session);

/** A product of `prices` (one-time unless `recurring`), created over the API. */
export async function newProduct(w: OracleWorld, prices: unknown[], recurring: string | null = null, extra: Record<string, unknown> = {}) {
  return created(await w.t.api('POST', '/v1/products/', { name: `Oracle ${Math.random().toString(36).slice(2, 8)}`, recurring_interval: recurring, prices, ...extra }));
}

/** A checkout confirmed with the success card; answers the confirm answer and the checkout's id. */
export async function paidCheckout(w: OracleWorld, body: Record<string, unknown> = {}, confirm: Record<string, unknown> = {}) {
  const open = await newCheckout(w.t, body);
  const confirmed = await publicCall(w.t, 'POST', open.client_secret, '/confirm', { ...confirmBody(uniqueEmail('oracle')), ...confirm });
  return { open, confirmed };
}
