import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { needSpecs, normalizeCall, readmeRows, specCalls } from '../../support/billing-spec-calls.js';
import { ORACLE_GROUPS } from './groups/index.js';

/**
 * Every operation of both billing specs has an answer parsed by the official SDK's own
 * schema in the oracle tests, and the sandbox README's call table says so per call.
 */
const operations = ORACLE_GROUPS.flatMap((group) => group.operations.map((op) => ({ group: group.name, call: normalizeCall(op.call), sdk: op.sdk.name })));
const covered = new Map<string, Set<string>>();
for (const op of operations) covered.set(op.call, (covered.get(op.call) ?? new Set()).add(op.sdk));

describe('the SDK oracle covers every call of both specs', () => {
  it('lists more than 100 operations, each parsed by one SDK schema', () => {
    expect(covered.size).toBeGreaterThan(100);
    expect([...covered].filter(([, names]) => names.size !== 1).map(([call]) => call)).toEqual([]);
  });

  it('covers every call of billing-api-part-a.md and part-b.md §7 (a missing operation fails here)', (ctx) => {
    needSpecs(ctx);
    const calls = specCalls();
    expect(calls.length).toBeGreaterThan(100);
    expect(calls.filter((call) => !covered.has(call))).toEqual([]);
    expect([...covered.keys()].filter((call) => !calls.includes(call))).toEqual([]);
  });

  it("the sandbox README's call table names, per call, the SDK schema the oracle parses its answer with", () => {
    const rows = readmeRows();
    expect(rows.length).toBeGreaterThan(100);
    const wrong = rows.flatMap((row) => {
      const names = covered.get(row.call);
      if (names === undefined) return [`${row.call}: not in the oracle`];
      const expected = `SDK \`${[...names][0]}\``;
      return row.oracle === expected ? [] : [`${row.call}: README says "${row.oracle}", the oracle parses with ${expected}`];
    });
    expect(wrong).toEqual([]);
    expect([...covered.keys()].filter((call) => !rows.some((row) => row.call === call))).toEqual([]);
  });

  it('each group has its test file and is listed, so no table goes unrun', () => {
    const groupFiles = readdirSync(join(import.meta.dirname, 'groups')).filter((f) => f.endsWith('.ts') && f !== 'index.ts').map((f) => f.replace(/\.ts$/, ''));
    expect(groupFiles).toHaveLength(ORACLE_GROUPS.length);
    const tests = readdirSync(import.meta.dirname).filter((f) => f.endsWith('.test.ts')).map((f) => readFileSync(join(import.meta.dirname, f), 'utf8'));
    const run = (file: string) => tests.filter((text) => text.includes(`from './groups/${file}.js'`) && text.includes('describeOracle(')).length;
    expect(groupFiles.filter((file) => run(file) !== 1)).toEqual([]);
    for (const group of ORACLE_GROUPS) expect(group.operations.length).toBeGreaterThan(0);
  });
});
