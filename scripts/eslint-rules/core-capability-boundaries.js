// core/ is cut by capability (core/<capability>/: domain, ports, use-cases, index.ts; core/shared is one
// too). A file may import anything of its own capability, and of another only that one's index.ts, which
// lists what it exports by name (no `export *`): a capability's insides can change without its users
// noticing. (That the capabilities' imports form no cycle is checked by
// tests/unit/architecture/core-capabilities.test.ts.)
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './import-visitors.js';

const coreRoot = resolve(import.meta.dirname, '..', '..', 'core');

/** The capability a path inside core/ belongs to, and the rest of its path; null outside core/. */
const placeOf = (path) => {
  const parts = relative(coreRoot, path).split(sep);
  return parts[0] === '..' || parts[0] === '' || parts.length < 2 ? null : { capability: parts[0], rest: parts.slice(1).join('/') };
};

/** @type {import('eslint').Rule.RuleModule} */
export const coreCapabilityBoundaries = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      insides: 'core/{{own}} may use core/{{other}} only through core/{{other}}/index.js, not {{spec}}.',
      exportAll: "core/{{own}}/index.ts lists what it exports by name (export { … } from '…'), not with export *.",
    },
  },
  create(context) {
    const own = placeOf(context.filename);
    if (own === null) return {};
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = placeOf(resolve(dirname(context.filename), spec));
      if (to === null || to.capability === own.capability || to.rest === 'index.js') return;
      context.report({ node, messageId: 'insides', data: { own: own.capability, other: to.capability, spec } });
    };
    const visitors = importVisitors(check);
    if (own.rest !== 'index.ts') return visitors;
    return {
      ...visitors,
      ExportAllDeclaration: (node) => {
        visitors.ExportAllDeclaration(node);
        context.report({ node, messageId: 'exportAll', data: { own: own.capability } });
      },
    };
  },
};
