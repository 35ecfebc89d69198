import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { FEATURE_USES } from '../../../scripts/eslint-rules/client-layers.js';
import { lintAs, projectRoot } from '../../support/lint-as.js';

// web/client's layers (scripts/eslint-rules/client-layers.js): app/ composes the features, nothing
// below it imports it, and the features use each other in one declared order, with no cycle.

const clientRoot = join(projectRoot, 'web', 'client');
const featuresRoot = join(clientRoot, 'features');
const layerRule = (messages: string[]) => messages.filter((m) => m.startsWith('ensemble/client-layers:'));

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Where each relative import of a file leads, as a path under web/client split in segments. */
function importsOf(file: string): { spec: string; to: string[] }[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
  return importedFiles
    .filter(({ fileName }) => fileName.startsWith('.'))
    .map(({ fileName }) => ({ spec: fileName, to: relative(clientRoot, resolve(dirname(file), fileName)).split(sep) }));
}

/** One cycle of the graph (its features in order, the first repeated at the end), or null. */
function findCycle(graph: Record<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of graph[node] ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of Object.keys(graph)) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

/** The features' real graph: for each feature, the other features its files import. */
function realFeatureGraph(): Record<string, string[]> {
  const graph: Record<string, Set<string>> = {};
  for (const file of sourceFiles(featuresRoot)) {
    const own = relative(featuresRoot, file).split(sep)[0]!;
    graph[own] ??= new Set();
    for (const { to } of importsOf(file)) if (to[0] === 'features' && to[1] && to[1] !== own) graph[own].add(to[1]);
  }
  return Object.fromEntries(Object.entries(graph).map(([feature, uses]) => [feature, [...uses].sort()]));
}

describe('web/client layers: the lint rule', () => {
  it.each([
    ['web/client/features/chat/routes/example.tsx', "import { useUseCases } from '../../../app/use-cases-provider.js';\nexport const x = useUseCases;\n"],
    ['web/client/features/chat/index.ts', "export { useUseCases } from '../../app/use-cases-provider.js';\n"],
    ['web/client/features/legal/components/example.tsx', "export const load = () => import('../../../app/guard.js');\n"],
    ['web/client/ui/example.tsx', "import { AppRoutes } from '../app/routes.js';\nexport const x = AppRoutes;\n"],
    ['web/client/use-cases/example.tsx', "import type { GuardArea } from '../app/guard.js';\nexport type X = GuardArea;\n"],
  ])('%s may not import the shell (app/)', async (file, code) => {
    expect(layerRule(await lintAs(file, code)).join('\n')).toMatch(/sits below the shell: it never imports app\//);
  });

  it('a feature may not use a feature it is not declared to use (statically or lazily)', async () => {
    const chatUsesLibrary = await lintAs('web/client/features/chat/routes/example.tsx', "export const load = () => import('../../library/index.js');\n");
    expect(layerRule(chatUsesLibrary).join('\n')).toMatch(/features\/chat may use no other feature .* not features\/library/);
    const homeUsesChat = await lintAs('web/client/features/home/routes/example.tsx', "import { useChatArea } from '../../chat/index.js';\nexport const x = useChatArea;\n");
    expect(layerRule(homeUsesChat).join('\n')).toMatch(/features\/home may use no other feature .* not features\/chat/);
    const libraryUsesAccount = await lintAs('web/client/features/library/routes/example.tsx', "import { AccountRoute } from '../../account/index.js';\nexport const x = AccountRoute;\n");
    expect(layerRule(libraryUsesAccount).join('\n')).toMatch(/features\/library may use features\/chat .* not features\/account/);
  });

  it('the folders below the features (use-cases/, i18n/) import none of them', async () => {
    const messages = await lintAs('web/client/use-cases/example.ts', "import { ChatPage } from '../features/chat/index.js';\nexport const x = ChatPage;\n");
    expect(layerRule(messages).join('\n')).toMatch(/use-cases\/ sits below the features/);
  });

  it('what the layers allow passes: a declared feature, its own files, ui/ and use-cases/, and app/ using anything', async () => {
    const allowed: [string, string][] = [
      ['web/client/features/library/routes/example.tsx', "import { useChatArea } from '../../chat/index.js';\nexport const x = useChatArea;\n"],
      ['web/client/features/chat/routes/example.tsx', "import { useChatArea } from '../state/chat-context.js';\nexport const x = useChatArea;\n"],
      ['web/client/features/home/routes/example.tsx', "import { useUseCases } from '../../../use-cases/use-cases-provider.js';\nimport { Button } from '../../../ui/button.js';\nexport const x = [useUseCases, Button];\n"],
      ['web/client/app/example.tsx', "import { ChatPage } from '../features/chat/index.js';\nexport const load = () => import('../features/library/index.js');\nexport const x = ChatPage;\n"],
    ];
    for (const [file, code] of allowed) expect(await lintAs(file, code), file).toEqual([]);
  });
});

describe('web/client layers: the declared order and the real imports', () => {
  it('the declared order lists every feature folder, names only features, and has no cycle', () => {
    const folders = readdirSync(featuresRoot, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(Object.keys(FEATURE_USES).sort()).toEqual(folders.sort());
    for (const [feature, uses] of Object.entries(FEATURE_USES)) {
      for (const used of uses) expect(folders, `${feature} uses ${used}`).toContain(used);
    }
    expect(findCycle(FEATURE_USES)).toBeNull();
  });

  it('the real imports between features are the declared ones (none missing, none left over) and form no cycle', () => {
    const real = realFeatureGraph();
    const declared = Object.fromEntries(Object.entries(FEATURE_USES).map(([feature, uses]) => [feature, [...uses].sort()]));
    expect(real).toEqual(declared);
    expect(findCycle(real)).toBeNull();
  });

  it('no file under features/, ui/, use-cases/ or i18n/ imports app/', () => {
    const upward = ['features', 'ui', 'use-cases', 'i18n'].flatMap((folder) =>
      sourceFiles(join(clientRoot, folder)).flatMap((file) =>
        importsOf(file).filter(({ to }) => to[0] === 'app').map(({ spec }) => `${relative(clientRoot, file)} imports ${spec}`)));
    expect(upward).toEqual([]);
  });

  it('the cycle finder finds a cycle when there is one', () => {
    expect(findCycle({ chat: ['library'], library: ['chat'] })).toEqual(['chat', 'library', 'chat']);
    expect(findCycle({ a: ['b'], b: ['c'], c: [] })).toBeNull();
  });
});
