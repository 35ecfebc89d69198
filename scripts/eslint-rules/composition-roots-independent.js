// Each entry point has its own composition root (adapters/composition/{browser,server,cli,in-memory}.ts):
// a root imports no other root, so each can change, and be bundled, without the others. What two
// roots share lives in a module of its own that both import (ports.ts, build-use-cases.ts,
// use-case-registry.ts, server-data-ports.ts).
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './import-visitors.js';

const projectRoot = resolve(import.meta.dirname, '..', '..');
const stem = (path) => path.replace(/\.(ts|tsx|js|mjs)$/, '');

/** Options: `{ roots: [paths from the project's root] }`, the composition roots. */
export const compositionRootsIndependent = {
  meta: {
    type: 'problem',
    schema: [{ type: 'object', properties: { roots: { type: 'array', items: { type: 'string' } } }, required: ['roots'], additionalProperties: false }],
    messages: {
      otherRoot: '{{file}} is a composition root: it imports no other root ({{target}}); move what both need to a module of adapters/composition/ they both import.',
    },
  },
  create(context) {
    const roots = new Set(context.options[0].roots.map(stem));
    const file = relative(projectRoot, context.filename).split(sep).join('/');
    if (!roots.has(stem(file))) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = relative(projectRoot, resolve(dirname(context.filename), spec)).split(sep).join('/');
      if (stem(target) !== stem(file) && roots.has(stem(target))) context.report({ node, messageId: 'otherRoot', data: { file, target } });
    };
    return importVisitors(check);
  },
};
