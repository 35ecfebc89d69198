import { readdirSync, readFileSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintAs, projectRoot as root } from '../../support/lint-as.js';

/**
 * The npm workspaces (the root package.json's "workspaces"): the billing provider's API client and the
 * stand-ins. Each imports only its own folder, node: builtins and npm packages it lists in its own
 * package.json (lint `ensemble/stand-in-own-folder`); the product imports each by its package name only
 * (lint `workspaces/packages-by-name`, scripts/eslint-rules/packages-by-name.js).
 */
interface Workspace {
  readonly folder: string;
  readonly name: string;
  readonly dependencies: Record<string, string>;
  readonly devDependencies: Record<string, string>;
}

const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
const WORKSPACES: Workspace[] = (readJson(join(root, 'package.json')).workspaces as string[]).map((folder) => {
  const manifest = readJson(join(root, folder, 'package.json'));
  return {
    folder,
    name: manifest.name as string,
    dependencies: (manifest.dependencies ?? {}) as Record<string, string>,
    devDependencies: (manifest.devDependencies ?? {}) as Record<string, string>,
  };
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|mjs)$/.test(name) ? [path] : [];
  });
}

const importsOf = (code: string): string[] =>
  [...code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (m) => (m[1] ?? m[2] ?? m[3]) as string,
  );

/** The npm package a bare specifier names (`@scope/name/sub` is `@scope/name`), or null for a path or a builtin. */
function packageOf(spec: string): string | null {
  if (/^(\.|\/|#|file:|node:)/.test(spec) || builtinModules.includes(spec.split('/')[0] as string)) return null;
  const parts = spec.split('/');
  return spec.startsWith('@') ? `${parts[0]}/${parts[1]}` : (parts[0] as string);
}

const STAND_IN_RULE = /ensemble\/stand-in-own-folder/;
const BY_NAME_RULE = /workspaces\/packages-by-name: .* import it by its package name/;

describe('the npm workspaces', () => {
  it('are the billing client and the three stand-ins, each with its own package.json', () => {
    expect(WORKSPACES.map(({ folder, name }) => `${folder} ${name}`).sort()).toEqual([
      'adapters/billing-client @ensemble/billing-client',
      'adapters/stand-ins/billing @ensemble/billing-sandbox',
      'adapters/stand-ins/model-providers @ensemble/model-provider-stand-ins',
      'adapters/stand-ins/supabase @ensemble/supabase-stand-in',
    ]);
    for (const { folder } of WORKSPACES) {
      const manifest = readJson(join(root, folder, 'package.json'));
      expect(manifest, folder).toMatchObject({ private: true, type: 'module' });
      expect(Object.keys(manifest.exports as object), folder).toContain('.');
      expect(statSync(join(root, folder, 'README.md')).isFile(), folder).toBe(true);
    }
  });

  it.each(WORKSPACES.map((w) => [w.name, w] as const))('%s lists in its package.json every package its files import', (_name, workspace) => {
    const root_ = join(root, workspace.folder);
    const unlisted = sourceFiles(root_).flatMap((file) => {
      const path = relative(root_, file).split(sep).join('/');
      // Its tests may also use its dev dependencies; what it runs, only its dependencies.
      const listed = path.startsWith('tests/') ? { ...workspace.dependencies, ...workspace.devDependencies } : workspace.dependencies;
      return importsOf(readFileSync(file, 'utf8'))
        .map(packageOf)
        .filter((name): name is string => name !== null && !(name in listed))
        .map((name) => `${workspace.folder}/${path} -> ${name}`);
    });
    expect(unlisted).toEqual([]);
  });

  it.each(WORKSPACES.map((w) => [w.name, w] as const))('%s lists the same versions as the project', (_name, workspace) => {
    const rootManifest = readJson(join(root, 'package.json'));
    const rootVersions = { ...(rootManifest.dependencies as object), ...(rootManifest.devDependencies as object) } as Record<string, string>;
    const versions = { ...workspace.dependencies, ...workspace.devDependencies };
    const siblings = new Set(WORKSPACES.map((w) => w.name));
    // A package only a workspace uses is listed there alone; one the project also lists has the same version.
    const differing = Object.entries(versions).filter(([name, version]) => !siblings.has(name) && name in rootVersions && rootVersions[name] !== version);
    expect(differing).toEqual([]);
  });

  // ensemble/stand-in-own-folder: a package imports only its own folder, node: builtins and npm packages.
  it.each([
    ['adapters/billing-client/http/example-breach.ts', "import type { Logger } from '../../../core/shared/index.js';\nexport type L = Logger;\n"],
    ['adapters/billing-client/example-breach.ts', "export { PolarBillingGateway } from '../billing/polar-billing-gateway.js';\n"],
    ['adapters/stand-ins/billing/engine/example-breach.ts', "export { checkout } from '../../../billing-client/schemas/checkout.js';\n"],
    ['adapters/stand-ins/billing/example-breach.ts', "export { DEFAULT_PLAN_TEXT } from '../../../core/billing/index.js';\n"],
    ['adapters/stand-ins/supabase/rest/example-breach.ts', "export { supabaseConfig } from '../../../supabase/supabase-config.js';\n"],
    ['adapters/stand-ins/supabase/example-breach.ts', "export { startSandbox } from '../billing/start-sandbox.js';\n"],
    ['adapters/stand-ins/model-providers/example-breach.ts', "export { imageDimensions } from '../../../core/chat/index.js';\n"],
    ['adapters/stand-ins/model-providers/tests/example-breach.test.ts', "export { localServer } from '../../../../tests/support/local-http.js';\n"],
  ])('the lint rule keeps the package file %s to its own folder: %s', async (file, code) => {
    expect((await lintAs(file, code)).join('\n')).toMatch(STAND_IN_RULE);
  });

  it.each([
    ['adapters/billing-client/http/example-fine.ts', "import { z } from 'zod';\nimport { camelize } from '../casing.js';\nimport { createHmac } from 'node:crypto';\nexport const x = [z, camelize, createHmac];\n"],
    ['adapters/stand-ins/billing/engine/example-fine.ts', "import { checkout } from '@ensemble/billing-client/schemas';\nimport { Store } from './store.js';\nexport const x = [checkout, Store];\n"],
    ['adapters/stand-ins/supabase/rest/example-fine.ts', "import { PGlite } from '@electric-sql/pglite';\nimport { makeRestApp } from './rest-app.js';\nexport const x = [PGlite, makeRestApp];\n"],
    ['adapters/stand-ins/model-providers/tests/example-fine.test.ts', "import { describe } from 'vitest';\nimport { startProviderStandIn } from '../index.js';\nexport const x = [describe, startProviderStandIn];\n"],
  ])('a package file may import its own folder, node: builtins and npm packages: %s', async (file, code) => {
    expect(await lintAs(file, code)).toEqual([]);
  });

  // workspaces/packages-by-name: the product imports a package by its name, never by a path into it.
  it.each([
    ['web/server/routes/example-breach.ts', "import { verifyWebhook } from '../../../adapters/billing-client/webhooks.js';\nexport const x = verifyWebhook;\n"],
    ['adapters/composition/example-breach.ts', "export type { BillingClient } from '../billing-client/client.js';\n"],
    ['cli/example-breach.ts', "export const load = () => import('../adapters/billing-client/index.js');\n"],
    ['scripts/example-breach.ts', "import type { RunningSandbox } from '../adapters/stand-ins/billing/start-sandbox.js';\nexport type R = RunningSandbox;\n"],
    ['tests/support/example-breach.ts', "export { startLocalSupabase } from '../../adapters/stand-ins/supabase/server.js';\n"],
    ['tests/unit/models/example-breach.test.ts', "export type T = typeof import('../../../adapters/stand-ins/model-providers/index.js');\n"],
    ['adapters/billing/example-breach.ts', `export { x } from '${join(root, 'adapters', 'stand-ins', 'billing', 'seed.ts')}';\n`],
  ])('the lint rule makes the product file %s import a package by its name: %s', async (file, code) => {
    expect((await lintAs(file, code)).join('\n')).toMatch(BY_NAME_RULE);
  });

  it.each([
    ['web/server/routes/example-fine.ts', "import { verifyWebhook } from '@ensemble/billing-client';\nexport const x = verifyWebhook;\n"],
    ['scripts/example-fine.ts', "import type { RunningSandbox } from '@ensemble/billing-sandbox';\nimport { Store } from '@ensemble/billing-sandbox/engine';\nexport type R = [RunningSandbox, Store];\n"],
    ['tests/support/example-fine.ts', "export { startLocalSupabase } from '@ensemble/supabase-stand-in';\nexport { startProviderStandIn } from '@ensemble/model-provider-stand-ins';\n"],
    ['adapters/composition/example-fine.ts', "export { supabaseConfig } from '../supabase/supabase-config.js';\n"],
  ])('a product file may import a package by its name: %s', async (file, code) => {
    expect((await lintAs(file, code)).filter((m) => m.startsWith('workspaces/'))).toEqual([]);
  });
});
