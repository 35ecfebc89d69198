import { expect } from 'vitest';
import { confirmBody, newCheckout, publicCall, uniqueEmail } from '../billing-sandbox/commerce-harness.js';
import { productWithBenefits, purchase, uploadFile, type Purchase } from '../billing-sandbox/benefits-usage-harness.js';
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

/** What `richBuyer` made: one benefit of each type on a plan, bought, with usage and a license key activation. */
export interface RichWorld {
  readonly meterId: string;
  readonly fileId: string;
  readonly benefits: Record<string, string>;
  readonly productId: string;
  readonly buyer: Purchase;
  readonly licenseKey: { id: string; key: string };
  readonly activationId: string;
}

const BENEFIT_BODIES = (meterId: string, fileId: string): Record<string, unknown>[] => [
  { type: 'custom', description: 'Priority support', properties: { note: 'Write to us' } },
  { type: 'discord', description: 'Discord role', properties: { guild_token: 'guild-token-1', role_id: 'role-1', kick_member: false } },
  { type: 'downloadables', description: 'Handbook', properties: { files: [fileId] } },
  { type: 'github_repository', description: 'Repository access', properties: { repository_owner: 'ensemble', repository_name: 'sdk', permission: 'pull' } },
  { type: 'license_keys', description: 'Desktop licence', properties: { prefix: 'ens', expires: { ttl: 1, timeframe: 'year' }, activations: { limit: 2, enable_customer_admin: true }, limit_usage: 10 } },
  { type: 'meter_credit', description: 'Monthly tokens', properties: { units: 1000, rollover: true, meter_id: meterId } },
  { type: 'feature_flag', description: 'Beta models', properties: {}, metadata: { flag: 'beta' } },
];

/** Built once per world, on first use: every benefit type granted to a second buyer who used a meter. */
export async function richBuyer(w: OracleWorld): Promise<RichWorld> {
  const memo = w as OracleWorld & { rich?: RichWorld };
  if (memo.rich !== undefined) return memo.rich;
  const { t } = w;
  const meterId = created(await t.api('POST', '/v1/meters/', {
    name: 'Model tokens', filter: { conjunction: 'and', clauses: [{ property: 'name', operator: 'eq', value: 'tokens' }] },
    aggregation: { func: 'sum', property: 'tokens' },
  })).id;
  const { done: file } = await uploadFile(t, Buffer.from('hello downloadable world'), 'downloadable');
  const benefits: Record<string, string> = {};
  for (const body of BENEFIT_BODIES(meterId, file.id)) benefits[body.type as string] = created(await t.api('POST', '/v1/benefits/', body)).id;
  const plan = await productWithBenefits(t, Object.values(benefits));
  const buyer = await purchase(t, plan.id, 'rich');
  created(await t.api('POST', '/v1/events/ingest', { events: [
    { name: 'tokens', customer_id: buyer.customerId, metadata: { tokens: 120 }, external_id: `evt-${crypto.randomUUID()}` },
    { name: 'tokens', customer_id: buyer.customerId, metadata: { tokens: 30 } },
  ] }), 200);
  const keys = created<{ items: { id: string; key: string }[] }>(await t.api('GET', `/v1/license-keys/?benefit_id=${benefits.license_keys}`), 200);
  const licenseKey = keys.items[0] as { id: string; key: string };
  const activation = created(await t.api('POST', '/v1/customer-portal/license-keys/activate', { key: licenseKey.key, organization_id: t.seed.organizationId, label: 'laptop', meta: { os: 'linux' } }, buyer.session), 200);
  memo.rich = { meterId, fileId: file.id, benefits, productId: plan.id, buyer, licenseKey, activationId: activation.id };
  return memo.rich;
}
