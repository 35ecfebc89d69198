import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizeCall } from '../../support/billing-spec-calls.js';
import type { SdkSchema } from './oracle.js';

/**
 * The answers SDK 0.48 binds to each operation in its `src/funcs/*.ts` (success matchers `M.json`,
 * `M.nil`, `M.text`; errors `M.jsonErr(status, X$inboundSchema)`), read from the installed SDK itself
 * so the lists cannot fall behind it.
 */
const sdkRoot = join(dirname(createRequire(import.meta.url).resolve('@polar-sh/sdk/package.json')));

export interface DeclaredError {
  readonly status: number;
  readonly name: string;
}

/** A success matcher of an SDK call: `M.json(200, X$inboundSchema, {key: "Result"})`, `M.nil(204, z.void())`, `M.text(...)`. */
export interface DeclaredSuccess {
  readonly matcher: 'json' | 'nil' | 'text';
  readonly status: number;
  /** The schema expression as written: `Benefit$inboundSchema`, `z.any()`, `z.void()`... */
  readonly schema: string;
  /** `key: "Result"` (a paginated call) or `ctype: "text/csv"`, when given. */
  readonly key?: string;
  readonly ctype?: string;
}

/** One `src/funcs/*.ts` file: its call, what it matches, and where each of its schemas comes from. */
export interface DeclaredCall {
  readonly file: string;
  readonly call: string;
  readonly successes: DeclaredSuccess[];
  readonly errors: DeclaredError[];
  /** `X$inboundSchema` → `models/components/x.js` (the module it imports it from). */
  readonly imports: ReadonlyMap<string, string>;
}

/** The argument lists of every `M.<name>(...)` call of a text, split at their top-level commas. */
function matcherCalls(text: string, name: string): string[][] {
  const out: string[][] = [];
  for (let at = text.indexOf(`M.${name}(`); at >= 0; at = text.indexOf(`M.${name}(`, at + 1)) {
    const args: string[] = [];
    let depth = 0;
    let current = '';
    for (const ch of text.slice(at + name.length + 3)) {
      if (depth === 0 && (ch === ',' || ch === ')')) {
        if (current.trim() !== '') args.push(current.trim());
        current = '';
        if (ch === ')') break;
        continue;
      }
      if ('({['.includes(ch)) depth++;
      if (')}]'.includes(ch)) depth--;
      current += ch;
    }
    out.push(args);
  }
  return out;
}

const option = (arg: string | undefined, key: string): string | undefined => (arg === undefined ? undefined : new RegExp(`${key}:\\s*"([^"]+)"`).exec(arg)?.[1]);

/** Every call the installed SDK makes (one `src/funcs` file each; PUTs left out, no call of the specs is one). */
export function sdkDeclaredCalls(): DeclaredCall[] {
  const funcs = join(sdkRoot, 'src', 'funcs');
  return readdirSync(funcs).flatMap((file) => {
    const text = readFileSync(join(funcs, file), 'utf8');
    const path = /pathToFunc\(\s*"([^"]+)"/.exec(text)?.[1];
    const method = /method: "([A-Z]+)"/.exec(text)?.[1];
    if (path === undefined || method === undefined || method === 'PUT') return [];
    const successes = (['json', 'nil', 'text'] as const).flatMap((matcher) =>
      matcherCalls(text, matcher).map(([status = '', schema = '', options]) => ({ matcher, status: Number(status), schema, key: option(options, 'key'), ctype: option(options, 'ctype') })),
    );
    const errors = matcherCalls(text, 'jsonErr').map(([status = '', schema = '']) => ({ status: Number(status), name: schema.replace(/\$inboundSchema$/, '') }));
    const imports = new Map<string, string>();
    for (const m of text.matchAll(/import\s*\{([^}]*)\}\s*from\s*"\.\.\/(models\/[^"]+)"/g)) {
      for (const imported of (m[1] ?? '').split(',').map((x) => x.trim()).filter((x) => x.endsWith('$inboundSchema'))) imports.set(imported, m[2] as string);
    }
    return [{ file, call: normalizeCall(`${method} ${path}`), successes, errors, imports }];
  });
}

export function sdkDeclaredErrors(): Map<string, DeclaredError[]> {
  return new Map(sdkDeclaredCalls().map((c) => [c.call, c.errors]));
}

/** The SDK's own inbound schema of a named error (`models/errors/<name>.js`). */
export async function sdkErrorSchema(name: string): Promise<SdkSchema> {
  const module = (await import(`@polar-sh/sdk/models/errors/${name.toLowerCase()}.js`)) as Record<string, SdkSchema>;
  const schema = module[`${name}$inboundSchema`];
  if (schema === undefined) throw new Error(`the SDK has no ${name}$inboundSchema`);
  return schema;
}

/** What the SDK's matcher adds to an error body before parsing it. */
export const withResponse = (body: unknown, text: string, status: number): unknown => ({
  ...(body as object),
  request$: new Request('http://127.0.0.1/'),
  response$: new Response(text, { status }),
  body$: text,
});
