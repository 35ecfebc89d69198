import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { z } from 'zod';
import { createBillingClient } from '@ensemble/billing-client';
import type { WebhookOptions } from '@ensemble/billing-sandbox/engine';
import type { SeedInfo } from '@ensemble/billing-sandbox';
import { startSandbox, type RunningSandbox } from '@ensemble/billing-sandbox';
import { closedPort } from '../../support/local-http.js';

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly body: unknown;
}

export interface TestSandbox {
  readonly sandbox: RunningSandbox;
  readonly seed: SeedInfo;
  readonly client: ReturnType<typeof createBillingClient>;
  /** Raw HTTP with the seeded token unless `token` is given (null: no Authorization header). */
  api(method: string, path: string, body?: unknown, token?: string | null): Promise<Answer>;
  close(): Promise<void>;
}

export const tempDir = (): string => mkdtempSync(join(tmpdir(), 'billing-sandbox-'));
export const removeDir = (dir: string): void => rmSync(dir, { recursive: true, force: true });

/** A sandbox on an ephemeral port; the seeded webhook points at a closed port unless told otherwise. */
export async function startTestSandbox(options: { dataDir?: string; webhookUrl?: string; webhooks?: WebhookOptions } = {}): Promise<TestSandbox> {
  const webhookUrl = options.webhookUrl ?? `${await closedPort()}/hooks`;
  const sandbox = await startSandbox({
    port: 0,
    ...(options.dataDir === undefined ? { memory: true } : { dataDir: options.dataDir }),
    seed: { webhookUrl },
    webhooks: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 3, timeoutMs: 2_000, ...options.webhooks },
    log: () => undefined,
  });
  const seed = sandbox.seed as SeedInfo;
  const client = createBillingClient({ server: sandbox.url, accessToken: seed.accessToken });
  return {
    sandbox,
    seed,
    client,
    api: (method, path, body, token) => rawCall(sandbox.url, method, path, body, token === undefined ? seed.accessToken : token),
    close: () => sandbox.close(),
  };
}

export async function rawCall(base: string, method: string, path: string, body?: unknown, token?: string | null): Promise<Answer> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token !== null && token !== undefined) headers.authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(base + path, { method, headers, body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: response.status, headers: response.headers, text, body: parsed };
}

/** Asserts the body validates against the client's wire schema, and returns it typed. */
export function wire<S extends z.ZodType>(schema: S, answer: Answer, status = 200): z.output<S> {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const parsed = schema.safeParse(answer.body);
  if (!parsed.success) throw new Error(`wire mismatch: ${JSON.stringify(parsed.error.issues, null, 2)}\n${answer.text.slice(0, 2000)}`);
  return parsed.data;
}

/** The provider's 422 body; returns its detail items. */
export function expect422(answer: Answer, loc?: readonly (string | number)[]) {
  expect(answer.status, answer.text).toBe(422);
  expect(answer.headers.get('content-type')).toBe('application/json');
  const body = answer.body as { error: string; detail: { type: string; loc: (string | number)[]; msg: string }[] };
  expect(body.error).toBe('RequestValidationError');
  expect(Array.isArray(body.detail) && body.detail.length > 0).toBe(true);
  for (const item of body.detail) {
    expect(typeof item.type).toBe('string');
    expect(typeof item.msg).toBe('string');
    expect(['body', 'query', 'path']).toContain(item.loc[0]);
  }
  if (loc !== undefined) expect(body.detail.map((d) => d.loc)).toContainEqual(loc);
  return body.detail;
}

/** A named error body `{"error": name, "detail": string}`. */
export function expectNamed(answer: Answer, status: number, name: string): void {
  expect(answer.status, answer.text).toBe(status);
  expect(answer.headers.get('content-type')).toBe('application/json');
  expect(answer.body).toEqual({ error: name, detail: expect.any(String) });
}

/** A second organization with its own token, to check foreign-organization ids. */
export async function foreignOrganization(t: TestSandbox): Promise<{ id: string; token: string }> {
  const slug = `other-${Math.random().toString(36).slice(2, 10)}`;
  const created = await t.api('POST', '/v1/organizations/', { name: 'Other org', slug });
  expect(created.status, created.text).toBe(201);
  const id = (created.body as { id: string }).id;
  const minted = await t.api('POST', '/__sandbox/access-tokens', { organization_id: id }, null);
  expect(minted.status, minted.text).toBe(201);
  return { id, token: (minted.body as { token: string }).token };
}

/** Unwraps a billing client Result, failing the test with the error when the call failed. */
export function must<T>(result: { success: true; data: T } | { success: false; error: unknown }): T {
  if (!result.success) throw new Error(`billing call failed: ${String(result.error)} ${JSON.stringify(result.error)}`);
  return result.data;
}
