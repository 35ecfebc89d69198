import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DEPENDENCIES } from '../../../adapters/composition/ports.js';

/**
 * The ports (and the settings and provided dependencies beside them) are listed once, in
 * adapters/composition/ports.ts: the tokens, the Dependencies types and the reading roles are computed
 * from that table, and every other file only uses the names (a use case's needs, a root's bindings).
 * A listing is a type that declares a port as a member (`profileStore: ProfileStore`) in the
 * composition, or a token made for it (`profileStore: Symbol.for(…)`, `ProfileStore: TOKENS.…`) anywhere.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const THE_LISTING = 'adapters/composition/ports.ts';
const PORT_NAMES = Object.keys(DEPENDENCIES);
const capitalised = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !name.endsWith('.d.ts') ? [path] : [];
  });
}

/** A token's making: a symbol, or a member of a table of tokens. */
const isToken = (node: ts.Expression): boolean =>
  (ts.isCallExpression(node) && /^Symbol(\.for)?$/.test(node.expression.getText())) || (ts.isPropertyAccessExpression(node) && /TOKENS$/.test(node.expression.getText()));

/** The port names `code` lists: as type members (when `types`), as keys of a token, or as calls that define one. */
function portsListedIn(code: string, options: { types: boolean }): string[] {
  const source = ts.createSourceFile('file.ts', code, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const listed = new Set<string>();
  const portOf = (name: ts.PropertyName): string | undefined => {
    const text = ts.isIdentifier(name) || ts.isStringLiteral(name) ? name.text : undefined;
    return PORT_NAMES.find((port) => text === port || text === capitalised(port));
  };
  const visit = (node: ts.Node) => {
    if (options.types && ts.isPropertySignature(node) && node.type) {
      const port = portOf(node.name);
      if (port) listed.add(port);
    }
    if (ts.isPropertyAssignment(node) && isToken(node.initializer)) {
      const port = portOf(node.name);
      if (port) listed.add(port);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return [...listed];
}

describe('the ports are listed once', () => {
  it(`every port, setting and provided dependency is listed in ${THE_LISTING} and nowhere else`, () => {
    const files = ['core', 'adapters', 'web', 'cli'].flatMap((dir) => sourceFiles(join(root, dir)));
    const where = new Map<string, string[]>();
    for (const path of files) {
      const file = relative(root, path).split(sep).join('/');
      const code = readFileSync(path, 'utf8');
      for (const port of portsListedIn(code, { types: file.startsWith('adapters/composition/') })) where.set(port, [...(where.get(port) ?? []), file]);
    }
    const elsewhere = [...where].filter(([, at]) => at.some((file) => file !== THE_LISTING)).map(([port, at]) => `${port}: ${at.join(', ')}`);
    expect(elsewhere).toEqual([]);
  });

  it('the table names every port (its listing is found by the same detector)', () => {
    expect(PORT_NAMES.length).toBeGreaterThan(30);
    const code = readFileSync(join(root, THE_LISTING), 'utf8');
    // The table itself is an object of entries, not a type: each is a key of it.
    expect(PORT_NAMES.filter((port) => !new RegExp(`^\\s*${port}:`, 'm').test(code))).toEqual([]);
  });

  it('the detector finds a second listing: a type of ports, a table of tokens', () => {
    const ofPorts = 'export interface Deps {\n  readonly clock: Clock;\n  chatClient?: ChatClient;\n}\n';
    expect(portsListedIn(ofPorts, { types: true }).sort()).toEqual(['chatClient', 'clock']);
    const tokens = "export const T = { Clock: Symbol.for('ensemble.Clock'), logger: Symbol('logger'), usageLedger: TOKENS.UsageLedger };\n";
    expect(portsListedIn(tokens, { types: false }).sort()).toEqual(['clock', 'logger', 'usageLedger']);
    const uses = "const deps = { clock, logger: new ConsoleLogger() };\nuses(['clock', 'logger'], makeX);\nexport function f(d: { clock: Clock }) {}\n";
    expect(portsListedIn(uses, { types: false })).toEqual([]);
  });
});
