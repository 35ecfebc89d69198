import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintAs, projectRoot as root } from '../../support/lint-as.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const importsOf = (code: string): string[] =>
  [...code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (m) => (m[1] ?? m[2] ?? m[3]) as string,
  );

/** The source file a relative import names (`./x.js` is `./x.ts`), if there is one. */
function resolveImport(file: string, spec: string): string | undefined {
  const base = join(file, '..', spec).replace(/\.js$/, '');
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((p) => existsSync(p));
}

/** The entry file an import of one of the project's npm workspaces (`@ensemble/<name>[/<subpath>]`) names, per its package.json exports. */
function resolveWorkspace(spec: string): string | undefined {
  const match = /^(@ensemble\/[^/]+)(\/.+)?$/.exec(spec);
  if (match === null) return undefined;
  const dir = realpathSync(join(root, 'node_modules', match[1] as string));
  const exports = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).exports as Record<string, string>;
  const target = exports[`.${match[2] ?? ''}`];
  return target === undefined ? undefined : join(dir, target);
}

/** Every module reached from `start` through relative imports and the project's workspaces, and every package named on the way. */
function importGraph(start: string[]): { files: string[]; packages: string[] } {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const spec of importsOf(readFileSync(file, 'utf8'))) {
      if (!spec.startsWith('.')) {
        packages.add(spec);
        const entry = resolveWorkspace(spec);
        if (entry !== undefined) queue.push(entry);
        continue;
      }
      const target = resolveImport(file, spec);
      if (target !== undefined) queue.push(target);
    }
  }
  return { files: [...seen].map((f) => relative(root, f).split(sep).join('/')), packages: [...packages] };
}

/** Every module web/client reaches through relative imports, and every package it names on the way. */
const browserGraph = (): { files: string[]; packages: string[] } =>
  importGraph(sourceFiles(join(root, 'web', 'client')).filter((f) => !f.includes(`${join('web', 'client', 'dist')}`)));

const SERVER_ONLY_FILES = /^(web\/server|cli|adapters\/(billing|billing-client|stand-ins|models)|adapters\/supabase\/supabase-(usage-ledger|profile-writer|user-directory|webhook-inbox))(\/|\.ts$)/;
const SERVER_ONLY_PACKAGES = /^(@ensemble\/|node:|undici$|@electric-sql\/pglite|hono$|@hono\/|ai$|@ai-sdk\/|commander$|standardwebhooks$|jose$)/;

describe('DESIGN.md boundaries', () => {
  it('core/ imports only core/ and zod (every file in the tree)', () => {
    const offenders = sourceFiles(join(root, 'core')).flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => (spec.startsWith('.') ? escapesCore(file, spec) : !(spec === 'zod' || spec.startsWith('zod/'))))
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it('the lint rule rejects a framework import in core/', async () => {
    const messages = await lintAs('core/chat/use-cases/example-breach.ts', "import React from 'react';\nexport const x = React;\n");
    expect(messages.join('\n')).toMatch(/core\/ may import only core\/ and zod/);
  });

  it('the lint rule rejects reaching from core/ into adapters/', async () => {
    const messages = await lintAs('core/chat/domain/example-breach.ts', "export { x } from '../../adapters/in-memory/x.js';\n");
    expect(messages.join('\n')).toMatch(/core\/ may import only core\/ and zod/);
  });

  it('the lint rule rejects platform globals in core/', async () => {
    const messages = await lintAs('core/chat/domain/example-breach.ts', 'export const v = localStorage.getItem("k");\n');
    expect(messages.join('\n')).toMatch(/framework-free/);
  });

  it('the lint rule accepts zod and relative imports in core/', async () => {
    const messages = await lintAs(
      'core/chat/domain/example-fine.ts',
      "import { z } from 'zod';\nimport type { Result } from '../shared/result.js';\nexport const s = z.string();\nexport type R = Result<string>;\n",
    );
    expect(messages).toEqual([]);
  });

  it.each(['@supabase/supabase-js', 'undici', 'inversify', 'reflect-metadata', 'commander', 'react-dom/client', 'node:fs', 'fs'])(
    'the lint rule rejects importing %s in core/',
    async (pkg) => {
      const messages = await lintAs('core/chat/use-cases/example-breach.ts', `import * as m from '${pkg}';\nexport const x = m;\n`);
      expect(messages.join('\n')).toMatch(/core\/ may import only core\/ and zod/);
    },
  );

  it.each(['process.env.HOME', 'document.title', 'window.location.href', 'Buffer.from("x")', 'globalThis.crypto'])(
    'the lint rule rejects the platform global in `%s` in core/',
    async (expression) => {
      const messages = await lintAs('core/chat/domain/example-breach.ts', `export const v = ${expression};\n`);
      expect(messages.join('\n')).toMatch(/framework-free/);
    },
  );

  it.each([
    "export { x } from '../../web/server/app.js';",
    "export { x } from '../../adapters/stand-ins/supabase/server.js';",
    "import { startLocalSupabase } from '@ensemble/supabase-stand-in';\nexport const x = startLocalSupabase;",
    "export { x } from '../../adapters/models/ai-sdk-model-gateway.js';",
    "export { x } from '../../adapters/billing/polar-billing-gateway.js';",
    "export { x } from '../../adapters/billing-client/client.js';",
    "import { createBillingClient } from '@ensemble/billing-client';\nexport const x = createBillingClient;",
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;",
    "import { request } from 'undici';\nexport const x = request;",
    "import { PGlite } from '@electric-sql/pglite';\nexport const x = PGlite;",
  ])('the lint rule rejects server-only code in web/client: %s', async (code) => {
    const messages = await lintAs('web/client/features/chat/routes/example-breach.tsx', `${code}\n`);
    expect(messages.join('\n')).toMatch(/never imports server-only/);
  });

  it('web/client may import core/ and the browser-side adapters', async () => {
    const messages = await lintAs(
      'web/client/features/chat/routes/example-fine.ts',
      "import type { Result } from '../../../core/shared/index.js';\nimport { z } from 'zod';\nexport type R = Result<string>;\nexport const s = z.string();\n",
    );
    expect(messages).toEqual([]);
  });

  it('web/client may import the /api contract and the browser adapters of /api', async () => {
    const code = [
      "import { apiErrorBody } from '../../../../../adapters/api-contract/api-contract.js';",
      "import { ApiClient } from '../../../../../adapters/app-api/api-client.js';",
      'export const x = [apiErrorBody, ApiClient];',
    ].join('\n');
    expect(await lintAs('web/client/features/chat/routes/example-fine.ts', `${code}\n`)).toEqual([]);
  });

  it.each(['web/client/features/chat/routes/example-breach.ts', 'web/server/example-breach.ts', 'adapters/in-memory/example-breach.ts', 'cli/example-breach.ts', 'tests/unit/example-breach.test.ts'])(
    'outside core/, %s reaches a capability only through its index',
    async (file) => {
      const depth = file.split('/').length - 1;
      const up = '../'.repeat(depth);
      const deep = await lintAs(file, `import type { Result } from '${up}core/shared/result.js';\nexport type R = Result<string>;\n`);
      expect(deep.join('\n')).toMatch(/through its capability index/);
      const viaIndex = await lintAs(file, `import type { Result } from '${up}core/shared/index.js';\nexport type R = Result<string>;\n`);
      expect(viaIndex.filter((m) => m.includes('capability index'))).toEqual([]);
    },
  );

  it('a web/client feature reaches another only through its index, and ui/ reaches no feature', async () => {
    const insides = await lintAs('web/client/features/library/routes/example.tsx', "import { useChatArea } from '../../chat/state/chat-context.js';\nexport const x = useChatArea;\n");
    expect(insides.join('\n')).toMatch(/features\/library may use features\/chat only through its index/);
    const lazyInsides = await lintAs('web/client/features/chat/routes/example.tsx', "export const load = () => import('../../library/routes/library-route.js');\n");
    expect(lazyInsides.join('\n')).toMatch(/features\/chat may use features\/library only through its index/);
    const viaIndex = await lintAs('web/client/features/library/routes/example.tsx', "import { useChatArea } from '../../chat/index.js';\nexport const x = useChatArea;\n");
    expect(viaIndex).toEqual([]);
    const own = await lintAs('web/client/features/chat/routes/example.tsx', "import { useChatArea } from '../state/chat-context.js';\nexport const x = useChatArea;\n");
    expect(own).toEqual([]);
    const fromUi = await lintAs('web/client/ui/example.tsx', "import { ChatPage } from '../features/chat/index.js';\nexport const x = ChatPage;\n");
    expect(fromUi.join('\n')).toMatch(/ui\/ is shared by every feature/);
  });

  it('web/client is cut by feature, each with its routes', () => {
    const features = readdirSync(join(root, 'web', 'client', 'features'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(features.length).toBeGreaterThan(5);
    for (const feature of features) expect(existsSync(join(root, 'web', 'client', 'features', feature, 'routes')), feature).toBe(true);
    expect(existsSync(join(root, 'web', 'client', 'pages')) || existsSync(join(root, 'web', 'client', 'screens'))).toBe(false);
  });

  it('core/ groups its files by capability, each with one public index', () => {
    const capabilities = readdirSync(join(root, 'core'), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name).sort();
    expect(capabilities).toEqual(['account', 'auth', 'billing', 'chat', 'credits', 'interface', 'prompts', 'shared']);
    for (const capability of capabilities) expect(existsSync(join(root, 'core', capability, 'index.ts')), capability).toBe(true);
  });

  it('the lint rule rejects server-only code in web/client', async () => {
    const messages = await lintAs('web/client/example-breach.ts', "export { makeBillingClient } from '../../adapters/billing-client/client.js';\n");
    expect(messages.join('\n')).toMatch(/never imports server-only/);
  });

  it('the lint rule rejects adapters/ importing web/ or cli/', async () => {
    const messages = await lintAs('adapters/in-memory/example-breach.ts', "export { x } from '../../web/server/app.js';\n");
    expect(messages.join('\n')).toMatch(/adapters\/ never import web\/ or cli\//);
  });

  it('nothing web/client reaches, directly or through other modules, is server-only', () => {
    const { files, packages } = browserGraph();
    expect(files.some((f) => f.startsWith('adapters/composition/'))).toBe(true); // the walk does follow imports
    expect(files.filter((f) => SERVER_ONLY_FILES.test(f))).toEqual([]);
    expect(packages.filter((p) => SERVER_ONLY_PACKAGES.test(p))).toEqual([]);
  });

  // The /api wire contract, read by the server's routes and the browser's adapters alike.
  const API_CONTRACT = 'adapters/api-contract';
  const API_CONTRACT_RULE = /adapters\/api-contract\/ is the \/api wire contract: it imports only zod and core/;

  it.each([
    "import { ApiClient } from '../app-api/api-client.js';\nexport const x = ApiClient;\n",
    "export { errorResponse } from '../../web/server/http/api-error.js';\n",
    "export { SupabaseProfileStore } from '../supabase/supabase-profile-store.js';\n",
    "import type { Result } from '../../core/shared/result.js';\nexport type R = Result<string>;\n",
    "import { Hono } from 'hono';\nexport const x = Hono;\n",
    "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    "export const load = () => import('../app-api/api-chat-client.js');\n",
    "export type T = typeof import('../../web/server/app.js');\n",
  ])('the lint rule keeps the /api contract to zod and core indexes: %s', async (code) => {
    const messages = await lintAs(`${API_CONTRACT}/example-breach.ts`, code);
    expect(messages.join('\n')).toMatch(API_CONTRACT_RULE);
  });

  it('the /api contract may import zod and core/<capability>/index.js', async () => {
    const code = "import { z } from 'zod';\nimport { DOMAIN_ERROR_CODES } from '../../core/shared/index.js';\nexport const s = z.enum(DOMAIN_ERROR_CODES);\n";
    expect(await lintAs(`${API_CONTRACT}/example-fine.ts`, code)).toEqual([]);
  });

  it('the /api contract reaches nothing but zod and core/, and the browser and the server both read it', () => {
    const contractFiles = sourceFilesWithJs(join(root, API_CONTRACT));
    expect(contractFiles.map((f) => relative(root, f).split(sep).join('/'))).toContain(`${API_CONTRACT}/api-contract.ts`);
    const { files, packages } = importGraph(contractFiles);
    expect(files.filter((f) => !f.startsWith('core/') && !f.startsWith(`${API_CONTRACT}/`))).toEqual([]);
    expect(packages.filter((p) => p !== 'zod' && !p.startsWith('zod/'))).toEqual([]);
    const direct = contractFiles.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => spec !== 'zod' && !/^(\.\.\/)+core\/[^/]+\/index\.js$/.test(spec))
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(direct).toEqual([]);
    expect(browserGraph().files).toContain(`${API_CONTRACT}/api-contract.ts`);
    expect(importGraph([join(root, 'web', 'server', 'app.ts')]).files).toContain(`${API_CONTRACT}/api-contract.ts`);
  });

  it('the server-only patterns of that walk do match server modules', () => {
    const samples = ['web/server/app.ts', 'adapters/billing-client/client.ts', 'adapters/stand-ins/supabase/server.ts', 'adapters/supabase/supabase-usage-ledger.ts'];
    expect(samples.filter((f) => !SERVER_ONLY_FILES.test(f))).toEqual([]);
    expect(SERVER_ONLY_FILES.test('adapters/supabase/supabase-profile-store.ts')).toBe(false);
    expect(['node:fs', 'undici', 'hono', '@ai-sdk/openai'].filter((p) => !SERVER_ONLY_PACKAGES.test(p))).toEqual([]);
  });

  it.each(['adapters/billing/example-breach.ts', 'web/server/example-breach.ts', 'web/client/example-breach.tsx', 'cli/example-breach.ts', 'core/chat/domain/example-breach.ts', 'scripts/example-breach.mjs'])(
    'the lint rule keeps the official billing SDK (a test oracle) out of %s',
    async (file) => {
      const code = [
        "import { Polar } from '@polar-sh/sdk';",
        "export { Benefit$inboundSchema } from '@polar-sh/sdk/models/components/benefit.js';",
        "export const x = [Polar, () => import('@polar-sh/sdk/webhooks.js')];",
      ].join('\n');
      const messages = (await lintAs(file, `${code}\n`)).filter((m) => m.includes('test-only oracle'));
      expect(messages).toHaveLength(3);
    },
  );

  it('tests/ may import the official billing SDK', async () => {
    const messages = await lintAs('tests/integration/example-fine.test.ts', "import { Polar } from '@polar-sh/sdk';\nexport const x = Polar;\n");
    expect(messages.filter((m) => m.includes('test-only oracle'))).toEqual([]);
  });

  it('no app, adapter, CLI or script file imports the official billing SDK, and it is a dev dependency only', () => {
    const dirs = ['core', 'adapters', 'web', 'cli', 'scripts'].map((d) => join(root, d));
    const files = dirs.flatMap((dir) => sourceFilesWithJs(dir));
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((file) => importsOf(readFileSync(file, 'utf8')).some((spec) => spec.startsWith('@polar-sh/')));
    expect(offenders.map((f) => relative(root, f))).toEqual([]);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { dependencies: object; devDependencies: object };
    expect(Object.keys(pkg.dependencies)).not.toContain('@polar-sh/sdk');
    expect(pkg.devDependencies).toHaveProperty(['@polar-sh/sdk'], '0.48.1');
  });

  const CONTAINER_IMPORTS = [
    "import 'reflect-metadata/lite';",
    "import { Container } from 'inversify';",
    "import type { ServiceIdentifier } from '@inversifyjs/common';",
    "export { Container as C } from 'inversify';",
    "export const lazy = () => import('reflect-metadata');",
  ];

  it.each(['adapters/composition/use-case-registry.ts', 'adapters/in-memory/example-breach.ts', 'web/server/example-breach.ts', 'web/client/app/example-breach.tsx', 'cli/example-breach.ts', 'tests/unit/example-breach.test.ts', 'scripts/example-breach.mjs'])(
    'the lint rule keeps inversify and reflect-metadata out of %s (composition roots only)',
    async (file) => {
      const messages = (await lintAs(file, `${CONTAINER_IMPORTS.join('\n')}\nexport const x = Container;\n`)).filter((m) => m.includes('only by the composition roots'));
      expect(messages).toHaveLength(CONTAINER_IMPORTS.length);
    },
  );

  it.each(['adapters/composition/browser.ts', 'adapters/composition/server.ts', 'adapters/composition/cli.ts', 'adapters/composition/in-memory.ts'])(
    'the composition root %s may import inversify and reflect-metadata',
    async (file) => {
      const messages = await lintAs(file, "import 'reflect-metadata/lite';\nimport { Container } from 'inversify';\nexport const c = new Container();\n");
      expect(messages).toEqual([]);
    },
  );

  it('no file but the composition roots imports inversify or reflect-metadata', () => {
    const roots = ['browser', 'server', 'cli', 'in-memory'].map((name) => join('adapters', 'composition', `${name}.ts`));
    const files = ['core', 'adapters', 'web', 'cli', 'scripts', 'tests'].flatMap((dir) => sourceFilesWithJs(join(root, dir)));
    const importers = files.filter((file) => importsOf(readFileSync(file, 'utf8')).some((spec) => /^(inversify|reflect-metadata|@inversifyjs\/)/.test(spec)));
    // This file names them in the lint samples above.
    const outside = importers.filter((file) => file !== import.meta.filename).map((file) => relative(root, file)).filter((file) => !roots.includes(file));
    expect(outside).toEqual([]);
    expect(importers.length).toBeGreaterThan(0); // the walk does find the roots' imports
  });

  const STAND_INS = ['adapters/stand-ins/billing', 'adapters/stand-ins/supabase', 'adapters/stand-ins/model-providers'];

  it.each([
    ['adapters/stand-ins/billing/resources/orders/example-breach.ts', "import { ok } from '../../../../../core/shared/index.js';\nexport const x = ok;\n"],
    ['adapters/stand-ins/billing/seed-breach.ts', "import { DEFAULT_PLAN_TEXT } from '../../../core/billing/index.js';\nexport const x = DEFAULT_PLAN_TEXT;\n"],
    ['adapters/stand-ins/billing/engine/example-breach.ts', "export { createBillingClient } from '../../../billing-client/client.js';\n"],
    ['adapters/stand-ins/billing/engine/example-breach.ts', "export const load = () => import('../../../../tests/support/local-http.js');\n"],
    ['adapters/stand-ins/supabase/auth/example-breach.ts', "import type { Result } from '../../../../core/shared/index.js';\nexport type R = Result<string, string>;\n"],
    ['adapters/stand-ins/supabase/example-breach.ts', "export { supabaseConfig } from '../../supabase/supabase-config.js';\n"],
    ['adapters/stand-ins/supabase/rest/example-breach.ts', "export { x } from '../../../../web/server/app.js';\n"],
    ['adapters/stand-ins/supabase/example-breach.ts', "export { x } from '/work/elsewhere/x.js';\n"],
  ])('the lint rule keeps the stand-in %s inside its own folder: %s', async (file, code) => {
    const messages = await lintAs(file, code);
    expect(messages.join('\n')).toMatch(/stands in for an outside service: it imports only its own folder/);
  });

  it.each([
    ['adapters/stand-ins/billing/resources/orders/example-fine.ts', "import { fail, ok } from '../../domain/result.js';\nimport { order } from '@ensemble/billing-client/schemas';\nimport { Hono } from 'hono';\nimport { join } from 'node:path';\nexport const x = [fail, ok, order, Hono, join];\n"],
    ['adapters/stand-ins/supabase/auth/example-fine.ts', "import { fail, ok } from '../result.js';\nimport { z } from 'zod';\nimport { PGlite } from '@electric-sql/pglite';\nimport { readFile } from 'node:fs/promises';\nexport const x = [fail, ok, z, PGlite, readFile];\n"],
  ])('a stand-in may import its own folder, node: builtins and npm packages: %s', async (file, code) => {
    expect(await lintAs(file, code)).toEqual([]);
  });

  it.each(STAND_INS)('no file of the stand-in %s imports anything outside its folder but node: builtins and npm packages', (standIn) => {
    const allowed = [standIn];
    const files = sourceFilesWithJs(join(root, standIn));
    expect(files.length).toBeGreaterThan(5);
    const offenders = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => /^(\.|\/|#|file:)/.test(spec))
        .filter((spec) => {
          const target = relative(root, join(file, '..', spec)).split(sep).join('/');
          return !spec.startsWith('.') || !allowed.some((folder) => target === folder || target.startsWith(`${folder}/`));
        })
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  // The billing provider's API client: the workspace @ensemble/billing-client.
  const BILLING_CLIENT = 'adapters/billing-client';
  const isBillingClient = (path: string): boolean => path === BILLING_CLIENT || path.startsWith(`${BILLING_CLIENT}/`);
  const BILLING_CLIENT_RULE = /is the billing provider's API client and knows nothing of the product/;

  it.each([
    ['adapters/billing-client/example-breach.ts', "import { fail, ok, type Result } from '../../core/shared/index.js';\nexport const x: Result<number, string> = ok(1);\nexport const y = fail;\n"],
    ['adapters/billing-client/schemas/example-breach.ts', "import { CANCELLATION_REASONS } from '../../../core/billing/index.js';\nexport const x = CANCELLATION_REASONS;\n"],
    ['adapters/billing-client/http/example-breach.ts', "import type { Logger } from '../../../core/shared/index.js';\nexport type L = Logger;\n"],
    ['adapters/billing-client/resources/example-breach.ts', "export { PolarBillingGateway } from '../../billing/polar-billing-gateway.js';\n"],
    ['adapters/billing-client/example-breach.ts', "export { toDomainError } from '../billing/polar-error-mapping';\n"],
    ['adapters/billing-client/http/example-breach.ts', "export { seed } from '../../stand-ins/billing/seed.js';\n"],
    ['adapters/billing-client/example-breach.ts', "export const load = () => import('../models/ai-sdk-model-gateway.js');\n"],
    ['adapters/billing-client/schemas/example-breach.ts', "export type T = typeof import('../../../tests/support/billing-mock.js');\n"],
    ['adapters/billing-client/example-breach.ts', "export { x } from '/work/elsewhere/x.js';\n"],
  ])("the lint rule keeps the billing client's %s from the product: %s", async (file, code) => {
    expect(isBillingClient(file)).toBe(true);
    const messages = await lintAs(file, code);
    expect(messages.join('\n')).toMatch(BILLING_CLIENT_RULE);
  });

  it('the billing client may import its own folder, node: builtins and npm packages', async () => {
    const code = [
      "import { z } from 'zod';",
      "import { Agent } from 'undici';",
      "import { createHmac } from 'node:crypto';",
      "import { fail, ok } from '../result.js';",
      "import { operation, json } from '../http/operation.js';",
      "import type { Camelize } from '../casing.js';",
      "import { subscription } from '../schemas/subscription.js';",
      "export type C = Camelize<{ a_b: string }>;",
      'export const x = [z, Agent, createHmac, fail, ok, operation, json, subscription];',
    ].join('\n');
    expect(await lintAs('adapters/billing-client/resources/example-fine.ts', `${code}\n`)).toEqual([]);
  });

  it.each(['adapters/billing/polar-billing-gateway.ts', 'adapters/billing/polar-error-mapping.ts', 'adapters/billing/polar-billing-events.ts'])(
    "the product's adapter %s over the billing client may import core/ and the client",
    async (file) => {
      const code = "import type { Logger } from '../../core/shared/index.js';\nimport type { BillingClient } from '@ensemble/billing-client';\nexport type X = [Logger, BillingClient];\n";
      expect((await lintAs(file, code)).filter((m) => m.includes('ensemble/stand-in-own-folder'))).toEqual([]);
    },
  );

  it('no file of the billing client imports anything outside it but node: builtins and npm packages', () => {
    const files = sourceFilesWithJs(join(root, BILLING_CLIENT)).filter((file) => isBillingClient(relative(root, file).split(sep).join('/')));
    expect(files.length).toBeGreaterThan(50);
    expect(files.map((f) => relative(root, f).split(sep).join('/'))).toContain('adapters/billing-client/schemas/subscription.ts');
    const offenders = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((spec) => /^(\.|\/|#|file:)/.test(spec))
        .filter((spec) => {
          const target = resolveImport(file, spec);
          return target === undefined || !isBillingClient(relative(root, target).split(sep).join('/'));
        })
        .map((spec) => `${relative(root, file)} -> ${spec}`),
    );
    expect(offenders).toEqual([]);
  });

  it("nothing the billing sandbox reaches, directly or through the client's wire schemas, is of the product", () => {
    const { files } = importGraph(sourceFilesWithJs(join(root, 'adapters', 'stand-ins', 'billing')));
    // The walk does follow the sandbox into the schemas it shares with the client.
    expect(files).toContain('adapters/billing-client/schemas/subscription.ts');
    expect(files.filter((f) => f.startsWith('core/'))).toEqual([]);
    expect(files.filter((f) => !f.startsWith('adapters/stand-ins/billing/') && !f.startsWith('adapters/billing-client/'))).toEqual([]);
    // The same walk from the product's adapter over the client does find core/.
    expect(importGraph([join(root, 'adapters', 'billing', 'polar-billing-gateway.ts')]).files.some((f) => f.startsWith('core/'))).toBe(true);
  });

  it('the lint rule wants kebab-case file names', async () => {
    const messages = await lintAs('core/chat/domain/BadName.ts', 'export const x = 1;\n');
    expect(messages.join('\n')).toMatch(/filename-naming-convention/);
  });
});

function sourceFilesWithJs(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return ['node_modules', 'dist'].includes(name) ? [] : sourceFilesWithJs(path);
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
  });
}

function escapesCore(file: string, spec: string): boolean {
  return relative(join(root, 'core'), join(file, '..', spec)).startsWith('..');
}
