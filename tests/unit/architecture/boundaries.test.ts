import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: root });

async function lintAs(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

const importsOf = (code: string): string[] =>
  [...code.matchAll(/(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)].map(
    (m) => (m[1] ?? m[2]) as string,
  );

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
    const messages = await lintAs('core/use-cases/example-breach.ts', "import React from 'react';\nexport const x = React;\n");
    expect(messages.join('\n')).toMatch(/core\/ may import only core\/ and zod/);
  });

  it('the lint rule rejects reaching from core/ into adapters/', async () => {
    const messages = await lintAs('core/domain/example-breach.ts', "export { x } from '../../adapters/in-memory/x.js';\n");
    expect(messages.join('\n')).toMatch(/core\/ may import only core\/ and zod/);
  });

  it('the lint rule rejects platform globals in core/', async () => {
    const messages = await lintAs('core/domain/example-breach.ts', 'export const v = localStorage.getItem("k");\n');
    expect(messages.join('\n')).toMatch(/framework-free/);
  });

  it('the lint rule accepts zod and relative imports in core/', async () => {
    const messages = await lintAs(
      'core/domain/example-fine.ts',
      "import { z } from 'zod';\nimport type { Result } from '../shared/result.js';\nexport const s = z.string();\nexport type R = Result<string>;\n",
    );
    expect(messages).toEqual([]);
  });

  it('the lint rule rejects server-only code in web/client', async () => {
    const messages = await lintAs('web/client/example-breach.ts', "export { makeBillingClient } from '../../adapters/billing/client.js';\n");
    expect(messages.join('\n')).toMatch(/never imports server-only/);
  });

  it('the lint rule rejects adapters/ importing web/ or cli/', async () => {
    const messages = await lintAs('adapters/in-memory/example-breach.ts', "export { x } from '../../web/server/app.js';\n");
    expect(messages.join('\n')).toMatch(/adapters\/ never import web\/ or cli\//);
  });

  it('the lint rule wants kebab-case file names', async () => {
    const messages = await lintAs('core/domain/BadName.ts', 'export const x = 1;\n');
    expect(messages.join('\n')).toMatch(/filename-naming-convention/);
  });
});

function escapesCore(file: string, spec: string): boolean {
  return relative(join(root, 'core'), join(file, '..', spec)).startsWith('..');
}
