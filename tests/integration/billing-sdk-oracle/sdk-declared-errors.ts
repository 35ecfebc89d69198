import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { normalizeCall } from '../../support/billing-spec-calls.js';
import type { SdkSchema } from './oracle.js';

/**
 * The error answers SDK 0.48 binds to each operation (`M.jsonErr(status, X$inboundSchema)` in its
 * `src/funcs/*.ts`), read from the installed SDK itself so the list cannot fall behind it.
 */
const sdkRoot = join(dirname(createRequire(import.meta.url).resolve('@polar-sh/sdk/package.json')));

export interface DeclaredError {
  readonly status: number;
  readonly name: string;
}

export function sdkDeclaredErrors(): Map<string, DeclaredError[]> {
  const funcs = join(sdkRoot, 'src', 'funcs');
  const out = new Map<string, DeclaredError[]>();
  for (const file of readdirSync(funcs)) {
    const text = readFileSync(join(funcs, file), 'utf8');
    const path = /pathToFunc\("([^"]+)"/.exec(text)?.[1];
    const method = /method: "([A-Z]+)"/.exec(text)?.[1];
    if (path === undefined || method === undefined || method === 'PUT') continue; // no call of the specs is a PUT
    const errors = [...text.matchAll(/M\.jsonErr\((\d+),\s*([A-Za-z]+)\$inboundSchema/g)].map((m) => ({ status: Number(m[1]), name: m[2] as string }));
    out.set(normalizeCall(`${method} ${path}`), errors);
  }
  return out;
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
