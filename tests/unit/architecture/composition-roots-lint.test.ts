import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lintAs, projectRoot } from '../../support/lint-as.js';

/** The composition roots, one per entry point (eslint.config.js names the same four). */
const ROOTS = ['browser', 'server', 'cli', 'in-memory'];
const RULE = /is a composition root: it imports no other root/;

const ways = (other: string) => [
  `import { x } from './${other}.js';\nexport const y = x;\n`,
  `import type { X } from './${other}.js';\nexport type Y = X;\n`,
  `export { x } from './${other}.js';\n`,
  `export * from './${other}.js';\n`,
  `export const load = () => import('./${other}.js');\n`,
  `export type T = typeof import('./${other}.js');\n`,
];

describe('the composition roots are independent of each other', () => {
  it.each(ROOTS.flatMap((root) => ROOTS.filter((other) => other !== root).map((other) => [root, other])))(
    'the lint rule refuses %s.ts importing %s.ts, in every way a file names another',
    async (root, other) => {
      for (const code of ways(other)) {
        const messages = await lintAs(`adapters/composition/${root}.ts`, code);
        expect(messages.filter((m) => RULE.test(m)), code).toHaveLength(1);
      }
    },
  );

  it('a root may import what the roots share, and a shared module is no root', async () => {
    const shared = "import { TOKENS } from './ports.js';\nimport { inMemoryServerPorts } from './server-data-ports.js';\nexport const x = [TOKENS, inMemoryServerPorts];\n";
    expect((await lintAs('adapters/composition/server.ts', shared)).filter((m) => RULE.test(m))).toEqual([]);
    const fromShared = "import { createServerUseCases } from './server.js';\nexport const x = createServerUseCases;\n";
    expect((await lintAs('adapters/composition/server-data-ports.ts', fromShared)).filter((m) => RULE.test(m))).toEqual([]);
  });

  it('no root imports another today', () => {
    const named = (root: string) => new RegExp(`['"]\\./(${ROOTS.filter((r) => r !== root).join('|')})\\.js['"]`);
    const offenders = ROOTS.filter((root) => named(root).test(readFileSync(join(projectRoot, 'adapters', 'composition', `${root}.ts`), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
