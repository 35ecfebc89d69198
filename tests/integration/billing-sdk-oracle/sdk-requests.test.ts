import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { billingOperations, toCamelKey } from '@ensemble/billing-client';
import type { AnyOperation } from '@ensemble/billing-client';

/**
 * Each method of the billing client takes its request object as the official SDK's method for the same
 * call does (adapters/billing-client/README.md "Request objects"): path and query parameters under the SDK's
 * names at the top level, a body alone as the request itself, a body beside parameters under the SDK's
 * key. Read from the installed SDK (`src/funcs/*.ts` and the request types of `src/models/operations`),
 * so the names cannot drift from it. The differences below are deliberate, and the README names them.
 */
const sdkSrc = join(dirname(createRequire(import.meta.url).resolve('@polar-sh/sdk/package.json')), 'src');

/** Our name → the SDK's, where the SDK's generator renamed a query parameter it could not keep. */
const RENAMED: Record<string, string> = { type: 'typeFilter' };
/** Our body key → the SDK's, where the SDK names an inline body generically. */
const BODY_KEYS: Record<string, string> = { benefitUpdate: 'requestBody' };
/** Parameters the specs document and SDK 0.48 does not send (its method takes no such field). */
const NOT_IN_THE_SDK = [
  'customerPortal.benefitGrants.list organizationId',
  'customerPortal.downloadables.list organizationId',
  'customerPortal.licenseKeys.list organizationId',
  'customerPortal.orders.list organizationId',
  'customerPortal.subscriptions.list organizationId',
  // The SDK's `oauth2.authorize(options)` sends no query at all.
  'oauth2.authorize (the whole query)',
];

interface SdkCall {
  readonly file: string;
  /** `none`: no body; `whole`: the request is the body; otherwise the request key holding it. */
  readonly body: 'none' | 'whole' | string;
  /** Wire name of each path and query parameter the SDK sends → the name its request object takes it by. */
  readonly params: ReadonlyMap<string, string>;
}

/** The client-side name of each outbound field of an SDK request type (`remap$` of its outbound schema). */
function clientNames(typeName: string): Map<string, string> {
  const file = join(sdkSrc, 'models', 'operations', `${typeName.replace(/Request$/, '').toLowerCase()}.ts`);
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return new Map();
  }
  const at = text.indexOf(`${typeName}$outboundSchema`);
  const block = at < 0 ? '' : (/remap\$\(v, \{([^}]*)\}/.exec(text.slice(at))?.[1] ?? '');
  return new Map([...block.matchAll(/(\w+): "(\w+)"/g)].map((m) => [m[2] as string, m[1] as string]));
}

function sdkCalls(): Map<string, SdkCall> {
  const calls = new Map<string, SdkCall>();
  for (const file of readdirSync(join(sdkSrc, 'funcs'))) {
    const text = readFileSync(join(sdkSrc, 'funcs', file), 'utf8');
    const path = /pathToFunc\(\s*"([^"]+)"/.exec(text)?.[1];
    const method = /method: "([A-Z]+)"/.exec(text)?.[1];
    if (path === undefined || method === undefined) continue;
    const requestType = /\n {2}request\??: (\w+)/.exec(text)?.[1];
    const names = requestType === undefined ? new Map<string, string>() : clientNames(requestType);
    const sent = [...text.matchAll(/"(\w+)": payload\.(\w+)/g), ...text.matchAll(/encodeSimple\("(\w+)", payload\.(\w+)/g)];
    const params = new Map(sent.map((m) => [m[1] as string, names.get(m[2] as string) ?? (m[2] as string)]));
    const encoded = /const body = (?:encodeJSON\("body", payload(?:\.(\w+))?|(Object\.entries\(payload))/.exec(text);
    const body = encoded === null ? 'none' : encoded[1] === undefined ? 'whole' : (names.get(encoded[1]) ?? encoded[1]);
    calls.set(`${method} ${path}`, { file, body, params });
  }
  return calls;
}

function flatten(table: object, prefix = ''): [string, AnyOperation][] {
  return Object.entries(table).flatMap(([name, entry]: [string, AnyOperation | object]) =>
    'responses' in entry ? [[`${prefix}${name}`, entry as AnyOperation] as [string, AnyOperation]] : flatten(entry, `${prefix}${name}.`),
  );
}

const wireKeys = (schema: unknown): string[] => (schema === undefined ? [] : Object.keys((schema as { shape: object }).shape));

/** `name key` of each of our parameters the SDK does not send; a call whose SDK method sends none counts once. */
function notSent(name: string, op: AnyOperation, call: SdkCall): string[] {
  const keys = [...wireKeys(op.pathParams), ...wireKeys(op.query)];
  if (call.params.size === 0 && keys.length > 0) return [`${name} (the whole query)`];
  return keys.filter((wire) => !call.params.has(wire)).map((wire) => `${name} ${toCamelKey(wire)}`);
}

describe("the client's request objects use the official SDK's names", () => {
  const sdk = sdkCalls();
  const operations = flatten(billingOperations);

  it('binds every call of the specs, each to an SDK function with the same method and path', () => {
    expect(operations).toHaveLength(118);
    expect(operations.filter(([, op]) => !sdk.has(`${op.method} ${op.path}`)).map(([name]) => name)).toEqual([]);
  });

  it('path and query parameters go by the names the SDK takes them by', () => {
    const wrong = operations.flatMap(([name, op]) => {
      const call = sdk.get(`${op.method} ${op.path}`);
      if (call === undefined) return [];
      const missing = notSent(name, op, call).filter((entry) => !NOT_IN_THE_SDK.includes(entry)).map((entry) => `${entry}: not sent by the SDK (${call.file})`);
      const renamed = [...wireKeys(op.pathParams), ...wireKeys(op.query)].flatMap((wire) => {
        const ours = toCamelKey(wire);
        const theirs = call.params.get(wire);
        return theirs === undefined || (RENAMED[ours] ?? ours) === theirs ? [] : [`${name}: ours "${ours}", the SDK's "${theirs}" (${call.file})`];
      });
      return [...missing, ...renamed];
    });
    expect(wrong).toEqual([]);
  });

  it('a body alone is the request, as in the SDK; beside parameters it goes under the SDK body key', () => {
    const wrong = operations.flatMap(([name, op]) => {
      const call = sdk.get(`${op.method} ${op.path}`);
      if (call === undefined) return [];
      const params = op.pathParams !== undefined || op.query !== undefined;
      const ours = op.body === undefined ? 'none' : params ? (BODY_KEYS[op.bodyKey as string] ?? op.bodyKey) : 'whole';
      return ours === call.body ? [] : [`${name}: ours ${String(ours)}, the SDK's ${call.body} (${call.file})`];
    });
    expect(wrong).toEqual([]);
  });

  it('the deliberate differences still differ (an entry the SDK has caught up with is taken out)', () => {
    const bodyKeys = operations.map(([, op]) => op.bodyKey);
    for (const [ours, theirs] of Object.entries(BODY_KEYS)) expect([bodyKeys.includes(ours), bodyKeys.includes(theirs)]).toEqual([true, false]);
    const renamed = operations.flatMap(([, op]) => {
      const call = sdk.get(`${op.method} ${op.path}`);
      return wireKeys(op.query).filter((wire) => RENAMED[toCamelKey(wire)] !== undefined && call?.params.get(wire) === RENAMED[toCamelKey(wire)]);
    });
    expect(new Set(renamed)).toEqual(new Set(Object.keys(RENAMED)));
    const lacking = operations.flatMap(([name, op]) => {
      const call = sdk.get(`${op.method} ${op.path}`);
      return call === undefined ? [] : notSent(name, op, call);
    });
    expect(lacking.sort()).toEqual([...NOT_IN_THE_SDK].sort());
  });
});
