import { startCountingUnrecognized } from '@polar-sh/sdk/types/unrecognized.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import type { Answer } from '../billing-sandbox/sandbox-harness.js';

/**
 * The official SDK (0.48.1) as an oracle: each operation of both billing specs names the SDK's own
 * inbound schema for its answer, the requests that make the sandbox produce each answer shape, and
 * the client's wire schema for the same answer. Every shape must parse with both, and the client
 * must refuse every body the SDK refuses for a missing key (so the two cannot drift apart again).
 */

/** The part of a zod (mini) schema the oracle uses; the SDK's schemas are `zod/v4-mini`. */
export interface SdkSchema {
  safeParse(value: unknown): { success: true; data?: unknown } | { success: false; error: { issues: readonly unknown[] } };
}

/** What the SDK accepts for an operation's success: its matcher (`M.json`, `M.nil`, `M.text`) and schema. */
export type SdkAnswer =
  | { readonly kind: 'json'; readonly status: number; readonly name: string; readonly schema: SdkSchema; readonly envelope?: 'Result' }
  | { readonly kind: 'empty'; readonly status: number; readonly name: string }
  | { readonly kind: 'text'; readonly status: number; readonly name: string; readonly mediaType: string; readonly schema: SdkSchema };

/** `M.json(status, X$inboundSchema)`: named as the SDK names the model. */
export const sdkJson = (status: number, name: string, schema: SdkSchema): SdkAnswer => ({ kind: 'json', status, name, schema });
/** A paginated operation: the SDK parses `{Result: body}` with the operation's `XxxListResponse` schema. */
export const sdkPage = (name: string, schema: SdkSchema): SdkAnswer => ({ kind: 'json', status: 200, name, schema, envelope: 'Result' });
/** `M.json(202, z.any())`: any JSON at all, `null` included (the SDK `JSON.parse`s the body, so never an empty one). */
export const sdkAnyJson = (status: number): SdkAnswer => ({
  kind: 'json',
  status,
  name: `any JSON (${status})`,
  schema: { safeParse: (value) => (value === undefined ? { success: false, error: { issues: [{ message: 'not JSON (an empty body?)' }] } } : { success: true }) },
});
/** `M.nil(204)`: no body. */
export const sdkEmpty = (): SdkAnswer => ({ kind: 'empty', status: 204, name: '204 no body' });
/** `M.text(status, schema, {ctype})`. */
export const sdkText = (status: number, mediaType: string, name: string, schema: SdkSchema): SdkAnswer => ({ kind: 'text', status, name, mediaType, schema });

export interface OracleCase {
  readonly label: string;
  readonly answer: Answer;
}

export interface OracleOperation<W> {
  /** As the specs write it, e.g. `GET /v1/benefits/{id}`. */
  readonly call: string;
  readonly sdk: SdkAnswer;
  /** The client's wire schema for the same answer (none for bodiless answers). */
  readonly client?: z.ZodType;
  /** Sends realistic requests; one case per answer shape (status, union variant, paginated or single). */
  readonly cases: (world: W) => Promise<OracleCase[]>;
}

export interface OracleGroup<W> {
  readonly name: string;
  readonly start: () => Promise<W>;
  readonly close: (world: W) => Promise<void>;
  readonly operations: readonly OracleOperation<W>[];
}

export const oracleGroup = <W>(group: OracleGroup<W>): OracleGroup<W> => group;

interface Issue {
  readonly path?: readonly PropertyKey[];
  readonly message?: string;
  readonly code?: string;
  readonly errors?: readonly (readonly Issue[])[];
}

/** Zod issues as `path: message` lines; of a union's branches, the closest one (fewest issues). */
export function issueLines(issues: readonly unknown[], prefix: readonly PropertyKey[] = []): string[] {
  return (issues as readonly Issue[]).flatMap((issue) => {
    const path = [...prefix, ...(issue.path ?? [])];
    if (issue.code === 'invalid_union' && issue.errors !== undefined && issue.errors.length > 0) {
      const closest = [...issue.errors].sort((a, b) => a.length - b.length)[0] ?? [];
      if (closest.length > 0) return issueLines(closest, path);
    }
    return [`${path.map(String).join('.') || '(root)'}: ${issue.message ?? issue.code ?? '?'}`];
  });
}
const show = (issues: readonly unknown[]): string => [...new Set(issueLines(issues))].join('; ').slice(0, 3000);

/**
 * Parses a body with an SDK schema and counts the enum values the SDK did not know: its open enums
 * accept any string and mark the unknown ones ("unrecognized"), so a sandbox answer with a value the
 * provider never sends would pass unseen. The sandbox's own answers must use known values only.
 */
export function sdkParse(schema: SdkSchema, body: unknown): { parsed: ReturnType<SdkSchema['safeParse']>; unknownValues: number } {
  const counter = startCountingUnrecognized();
  let parsed: ReturnType<SdkSchema['safeParse']>;
  try {
    parsed = schema.safeParse(body);
  } catch (error) {
    counter.end(0);
    throw error;
  }
  // end(0): what this parse counted, nothing passed on to an enclosing count
  return { parsed, unknownValues: counter.end(0) };
}

/** Parses one answer as the SDK does for this operation; returns the failure text, or null. */
export function sdkVerdict(sdk: SdkAnswer, answer: Answer): string | null {
  if (answer.status !== sdk.status) return `status ${answer.status}, the SDK expects ${sdk.status}: ${answer.text.slice(0, 500)}`;
  const type = answer.headers.get('content-type') ?? '';
  if (sdk.kind === 'empty') return answer.text === '' ? null : `a ${sdk.status} must have no body, got ${answer.text.slice(0, 200)}`;
  if (sdk.kind === 'text') {
    if (!type.startsWith(sdk.mediaType)) return `content type ${type}, the SDK expects ${sdk.mediaType}`;
    return judged(sdk, answer.text, sdkParse(sdk.schema, answer.text));
  }
  if (type !== 'application/json') return `content type ${type}, the SDK's M.json needs application/json`;
  return judged(sdk, answer.body, sdkParse(sdk.schema, sdk.envelope === 'Result' ? { Result: answer.body } : answer.body));
}

/**
 * Webhook event types the provider sends that SDK 0.48 does not know (reference §1): a webhook endpoint
 * subscribed to them lists them, as the provider's does.
 */
export const EVENT_TYPES_NOT_IN_SDK_048: ReadonlySet<string> = new Set([
  'discount.created',
  'discount.updated',
  'discount.deleted',
  'subscription.cycled',
  'subscription.paused',
  'subscription.resumed',
]);

/** How many strings of a body are values the provider sends and SDK 0.48 does not know. */
function providerOnlyValues(value: unknown): number {
  if (typeof value === 'string') return EVENT_TYPES_NOT_IN_SDK_048.has(value) ? 1 : 0;
  if (value === null || typeof value !== 'object') return 0;
  return Object.values(value).reduce((sum: number, item) => sum + providerOnlyValues(item), 0);
}

function judged(sdk: SdkAnswer, body: unknown, { parsed, unknownValues }: ReturnType<typeof sdkParse>): string | null {
  if (!parsed.success) return `the SDK's ${sdk.name} refuses it: ${show(parsed.error.issues)}`;
  const invented = unknownValues - providerOnlyValues(body);
  return invented <= 0 ? null : `the SDK's ${sdk.name} reads ${invented} enum value(s) it does not know: the sandbox sends known values only`;
}

type Path = readonly (string | number)[];

/** Every key path of a JSON value (objects' keys; arrays through their first item). */
function keyPaths(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) return value.length === 0 ? [] : keyPaths(value[0], [...prefix, 0]);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [[...prefix, key], ...keyPaths(child, [...prefix, key])]);
}

function withoutKey(value: unknown, path: Path): unknown {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let node: Record<string | number, unknown> = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  delete node[path[path.length - 1] as string | number];
  return copy;
}

/**
 * The key paths the SDK requires (removing one makes it refuse the body) that the client's schema
 * does not: each is a key the client would let a faulty server leave out.
 */
export function looserThanSdk(sdk: SdkSchema, client: z.ZodType, body: unknown, envelope?: 'Result'): string[] {
  const wrap = (v: unknown) => (envelope === 'Result' ? { Result: v } : v);
  return keyPaths(body).flatMap((path) => {
    const mutated = withoutKey(body, path);
    if (sdk.safeParse(wrap(mutated)).success) return [];
    return client.safeParse(mutated).success ? [path.join('.')] : [];
  });
}

/** One `describe` per group, one sandbox for it, one test per operation. */
export function describeOracle<W>(group: OracleGroup<W>): void {
  describe(`the official SDK parses the sandbox's answers: ${group.name}`, () => {
    let world: W;
    beforeAll(async () => {
      world = await group.start();
    });
    afterAll(() => group.close(world));

    for (const op of group.operations) {
      it(`${op.call} → ${op.sdk.name}`, async () => {
        const cases = await op.cases(world);
        expect(cases.length, 'an operation without an answer proves nothing').toBeGreaterThan(0);
        const failures: string[] = [];
        for (const { label, answer } of cases) {
          const verdict = sdkVerdict(op.sdk, answer);
          if (verdict !== null) failures.push(`[${label}] ${verdict}`);
          if (op.client === undefined || op.sdk.kind !== 'json') continue;
          const own = op.client.safeParse(answer.body);
          if (!own.success) failures.push(`[${label}] the client's schema refuses it: ${show(own.error.issues)}`);
          if (verdict !== null) continue;
          const loose = looserThanSdk(op.sdk.schema, op.client, answer.body, op.sdk.envelope);
          if (loose.length > 0) failures.push(`[${label}] the client accepts a body without these keys the SDK requires: ${loose.join(', ')}`);
        }
        expect(failures).toEqual([]);
      });
    }
  });
}
