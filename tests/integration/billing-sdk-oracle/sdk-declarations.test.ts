import { describe, expect, it } from 'vitest';
import { normalizeCall } from '../../support/billing-spec-calls.js';
import { ORACLE_GROUPS } from './groups/index.js';
import type { SdkAnswer, SdkSchema } from './oracle.js';
import { sdkDeclaredCalls, type DeclaredCall, type DeclaredSuccess } from './sdk-declared-errors.js';

/**
 * Each oracle operation parses its answer the way the official SDK's own function for that call does:
 * the installed SDK's `src/funcs/*.ts` file with the same method and path declares a success matcher
 * with the same status, the same schema (by name, and the very object the oracle imported) and the same
 * envelope (`key: "Result"` for a page) or media type. A table naming the wrong model fails here.
 */
const declared = new Map<string, DeclaredCall[]>();
for (const call of sdkDeclaredCalls()) declared.set(call.call, [...(declared.get(call.call) ?? []), call]);

/** The SDK's success matcher that an oracle answer stands for, as text (for messages). */
function expected(sdk: SdkAnswer): string {
  if (sdk.kind === 'empty') return `M.nil(${sdk.status}, z.void())`;
  if (sdk.kind === 'text') return `M.text(${sdk.status}, ${sdk.name}$inboundSchema, {ctype: "${sdk.mediaType}"})`;
  if (sdk.name === `any JSON (${sdk.status})`) return `M.json(${sdk.status}, z.any())`;
  return `M.json(${sdk.status}, ${sdk.name}$inboundSchema${sdk.envelope === 'Result' ? ', {key: "Result"}' : ''})`;
}

function matches(sdk: SdkAnswer, success: DeclaredSuccess): boolean {
  if (success.status !== sdk.status) return false;
  if (sdk.kind === 'empty') return success.matcher === 'nil' && success.schema === 'z.void()';
  if (sdk.kind === 'text') return success.matcher === 'text' && success.schema === `${sdk.name}$inboundSchema` && success.ctype === sdk.mediaType;
  if (success.matcher !== 'json') return false;
  if (sdk.name === `any JSON (${sdk.status})`) return success.schema === 'z.any()';
  return success.schema === `${sdk.name}$inboundSchema` && success.key === (sdk.envelope === 'Result' ? 'Result' : undefined);
}

const shown = (s: DeclaredSuccess): string =>
  `M.${s.matcher}(${s.status}, ${s.schema}${s.key ? `, {key: "${s.key}"}` : ''}${s.ctype ? `, {ctype: "${s.ctype}"}` : ''})`;

const operations = ORACLE_GROUPS.flatMap((group) => group.operations.map((op) => ({ ...op, call: normalizeCall(op.call), written: op.call })));

describe("each oracle operation parses as the SDK's own function for that call does", () => {
  it('reads the success matchers of well over a hundred SDK calls', () => {
    const calls = sdkDeclaredCalls();
    expect(calls.length).toBeGreaterThan(150);
    expect(calls.filter((c) => c.successes.length === 0).map((c) => c.file)).toEqual([]);
  });

  it('method, path, status, schema name and envelope match a success matcher of the SDK function', () => {
    const wrong = operations.flatMap((op) => {
      const funcs = declared.get(op.call);
      if (funcs === undefined) return [`${op.written}: the SDK has no function for this call`];
      if (funcs.some((f) => f.successes.some((s) => matches(op.sdk, s)))) return [];
      const theirs = funcs.map((f) => `${f.file}: ${f.successes.map(shown).join(' | ')}`).join('; ');
      return [`${op.written}: the oracle expects ${expected(op.sdk)}, the SDK declares ${theirs}`];
    });
    expect(wrong).toEqual([]);
  });

  it('the schema the oracle parses with is the object the SDK function imports under that name', async () => {
    const wrong: string[] = [];
    for (const op of operations) {
      if (op.sdk.kind === 'empty' || op.sdk.name === `any JSON (${op.sdk.status})`) continue;
      const name = `${op.sdk.name}$inboundSchema`;
      const from = declared.get(op.call)?.map((f) => f.imports.get(name)).find((m) => m !== undefined);
      if (from === undefined) {
        wrong.push(`${op.written}: no SDK function for this call imports ${name}`);
        continue;
      }
      const module = (await import(`@polar-sh/sdk/${from}`)) as Record<string, SdkSchema | undefined>;
      if (module[name] !== op.sdk.schema) wrong.push(`${op.written}: the oracle's ${op.sdk.name} is not the SDK's ${name} from ${from}`);
    }
    expect(wrong).toEqual([]);
  });
});
