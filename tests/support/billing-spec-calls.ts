import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { TestContext } from 'vitest';

/**
 * The calls of the billing specs' §7 and of the sandbox README's call table, normalized as
 * `METHOD /v1/path/{}` (trailing slash and path-parameter names dropped), so lists written by hand
 * can be compared with the specs.
 */
export const repoRoot = join(import.meta.dirname, '..', '..');
// The specs live beside the repository (../shared/spec), as in CI; ENSEMBLE_SPEC_DIR points elsewhere.
export const specDir = process.env.ENSEMBLE_SPEC_DIR ?? join(repoRoot, '..', 'shared', 'spec');
export const haveSpecs = existsSync(join(specDir, 'billing-api-part-a.md'));

/**
 * Whether this run must find the specs: in CI (`.ci/run` sets CI), when ENSEMBLE_SPEC_DIR names them,
 * or in a checkout that sits beside the project's `shared` folder, where they belong.
 */
export function specsExpected(env: NodeJS.ProcessEnv = process.env, root = repoRoot): boolean {
  return Boolean(env['CI']) || env['ENSEMBLE_SPEC_DIR'] !== undefined || existsSync(join(root, '..', 'shared'));
}

/**
 * Where the specs are expected, their absence fails the test; only a lone copy of the repository
 * (no `../shared`, not CI) skips, with the reason stated.
 */
export function needSpecs(ctx: TestContext): void {
  if (haveSpecs) return;
  const where = `the billing specs are not at ${specDir} (set ENSEMBLE_SPEC_DIR)`;
  if (specsExpected()) throw new Error(where);
  ctx.skip(where);
}

const METHODS = '(?:GET|POST|PATCH|DELETE)';
const CALL = new RegExp(`\\b(${METHODS}(?:(?:,\\s*|,?\\s+and\\s+|/)${METHODS})*)\\s+\`?(/[^\\s:,;\`]+)`, 'g');

/** `GET, PATCH and DELETE /customers/{id}.` → ['GET /v1/customers/{}', ...]. */
export function callsIn(text: string): string[] {
  const calls: string[] = [];
  for (const match of text.matchAll(CALL)) {
    const path = (match[2] ?? '').replace(/\.$/, '');
    const normalized = (path.startsWith('/v1/') ? path : `/v1${path}`).replace(/\{[^}]+\}/g, '{}').replace(/\/$/, '');
    for (const method of (match[1] ?? '').split(/,\s*|,?\s+and\s+|\//)) calls.push(`${method.trim()} ${normalized}`);
  }
  return calls;
}

/** `GET /v1/benefits/{id}` → `GET /v1/benefits/{}`. */
export const normalizeCall = (call: string): string => {
  const [found] = callsIn(call);
  if (found === undefined) throw new Error(`not a call: ${call}`);
  return found;
};

function specSection7(file: string): string {
  const text = readFileSync(join(specDir, file), 'utf8');
  const start = text.indexOf('## 7.');
  const end = text.indexOf('## 8.', start);
  if (start < 0 || end < 0) throw new Error(`${file}: no §7`);
  return text.slice(start, end);
}

/** Every call of billing-api-part-a.md and part-b.md §7 (empty when the specs are not there). */
export const specCalls = (): string[] =>
  haveSpecs ? [...new Set([...callsIn(specSection7('billing-api-part-a.md')), ...callsIn(specSection7('billing-api-part-b.md'))])] : [];

export interface ReadmeRow {
  readonly spec: string;
  readonly call: string;
  readonly status: string;
  readonly oracle: string;
}

/** The rows of the sandbox README's "Every call of both specs' §7" table. */
export function readmeRows(): ReadmeRow[] {
  const readme = readFileSync(join(repoRoot, 'adapters', 'stand-ins', 'billing', 'README.md'), 'utf8');
  return readme
    .split('\n')
    .filter((line) => /^\| [AB] \| `/.test(line))
    .flatMap((row) => {
      const [, spec = '', call = '', status = '', oracle = ''] = row.split('|').map((cell) => cell.trim());
      return callsIn(call).map((normalized) => ({ spec, call: normalized, status, oracle }));
    });
}
