import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../support/lint-as.js';

const coreRoot = join(projectRoot, 'core');
const capabilities = readdirSync(coreRoot).filter((name) => statSync(join(coreRoot, name)).isDirectory());

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module a file names: import and export … from, import(), and TypeScript's import types. */
const specsOf = (code: string): string[] =>
  [...code.matchAll(/(?:^|[\s;])(?:import|export)\s[^'";]*?from\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm)].map(
    (m) => (m[1] ?? m[2] ?? m[3]) as string,
  );

/** Where each relative import of a file of core/ lands: the capability and the path inside it. */
interface CoreImport {
  readonly file: string;
  readonly from: string;
  readonly to: string;
  readonly inside: string;
}

const coreImports: readonly CoreImport[] = sourceFiles(coreRoot).flatMap((path) => {
  const [from = ''] = relative(coreRoot, path).split(sep);
  return specsOf(readFileSync(path, 'utf8'))
    .filter((spec) => spec.startsWith('.'))
    .map((spec) => {
      const [to = '', ...inside] = relative(coreRoot, resolve(dirname(path), spec)).split(sep);
      return { file: relative(projectRoot, path).split(sep).join('/'), from, to, inside: inside.join('/') };
    })
    .filter((i) => i.to !== i.from && capabilities.includes(i.to));
});

/** The capabilities each one imports (through its index). */
const graph = new Map(capabilities.map((c) => [c, [...new Set(coreImports.filter((i) => i.from === c).map((i) => i.to))].sort()]));

/** A cycle of the graph, as the capabilities on it (the first repeated at the end), or null when it is a DAG. */
function findCycle(edges: ReadonlyMap<string, readonly string[]>): string[] | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (node: string): string[] | null => {
    if (state.get(node) === 'done') return null;
    if (state.get(node) === 'open') return [...path.slice(path.indexOf(node)), node];
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      const cycle = visit(next);
      if (cycle) return cycle;
    }
    path.pop();
    state.set(node, 'done');
    return null;
  };
  for (const node of edges.keys()) {
    const cycle = visit(node);
    if (cycle) return cycle;
  }
  return null;
}

describe('the capabilities of core/ are boundaries', () => {
  it('no file reaches into another capability: only its index.js', () => {
    const deep = coreImports.filter((i) => i.inside !== 'index.js').map((i) => `${i.file} -> core/${i.to}/${i.inside}`);
    expect(deep).toEqual([]);
  });

  it('every index lists what it exports by name (no export *)', () => {
    const exportAll = capabilities.filter((c) => /^\s*export\s*\*/m.test(readFileSync(join(coreRoot, c, 'index.ts'), 'utf8')));
    expect(exportAll).toEqual([]);
  });

  it('the capabilities import each other without a cycle', () => {
    const cycle = findCycle(graph);
    expect(cycle === null ? 'no cycle' : `cycle: ${cycle.join(' -> ')}`).toBe('no cycle');
  });

  it('the dependency order: shared at the bottom, credits below chat and knowing nothing of it, auth knowing nothing of the account', () => {
    expect(graph.get('shared')).toEqual([]);
    expect(graph.get('credits')).not.toContain('chat');
    expect(graph.get('auth')).not.toContain('account');
    expect(graph.get('chat')).toContain('credits');
  });

  it('finds a cycle, and names it', () => {
    expect(findCycle(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', []]]))).toEqual(['a', 'b', 'c', 'a']);
    expect(findCycle(new Map([['a', ['b']], ['b', []]]))).toBeNull();
  });
});
