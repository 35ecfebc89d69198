// web/client's layers, top to bottom: app/ (the shell: router, providers, guard) composes the
// features; features/<feature>/ use ui/, use-cases/ (the one provider of the use cases), i18n/ and the
// features below them; nothing under app/ imports app/. A feature reaches another through its
// index.ts only (the rule feature-boundaries in eslint.config.js).
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './import-visitors.js';

/**
 * The features' order: the features each feature may use. Read top down, a feature uses only features
 * further down, so the graph has no cycle (tests/unit/architecture/client-features-lint.test.ts checks
 * that, that every feature folder is listed, and that the imports match the list). Where two features
 * need each other, the shell (app/) composes them instead: app/chat-area.tsx hands the library and the
 * account dialog to the chat layout.
 */
export const FEATURE_USES = {
  subscribe: ['chat'],
  account: ['chat'],
  library: ['chat'],
  chat: [],
  home: [],
  onboarding: [],
  'sign-in': [],
  legal: [],
};

/** The folders under the shell: they never import app/. */
const BELOW_APP = ['features', 'ui', 'use-cases', 'i18n'];
/** The folders under the features: they import none (ui/'s rule is feature-boundaries'). */
const BELOW_FEATURES = ['use-cases', 'i18n'];

const clientRoot = resolve(import.meta.dirname, '..', '..', 'web', 'client');

export const clientLayers = {
  meta: { type: 'problem', schema: [], messages: {
    upward: '{{layer}}/ sits below the shell: it never imports app/ (app/ composes the features and hands them what they need), not {{spec}}.',
    order: 'features/{{own}} may use {{allowed}} (FEATURE_USES in scripts/eslint-rules/client-layers.js, the order that keeps the features free of cycles), not features/{{other}}.',
    below: '{{layer}}/ sits below the features: it imports none of them, not {{spec}}.',
  } },
  create(context) {
    const at = relative(clientRoot, context.filename).split(sep);
    const layer = at[0];
    if (at.length < 2 || !BELOW_APP.includes(layer)) return {};
    const own = layer === 'features' ? at[1] : null;
    const check = (node, spec) => {
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = relative(clientRoot, resolve(dirname(context.filename), spec)).split(sep);
      if (to[0] === 'app') return context.report({ node, messageId: 'upward', data: { layer, spec } });
      if (to[0] !== 'features' || to.length < 2) return;
      if (BELOW_FEATURES.includes(layer)) return context.report({ node, messageId: 'below', data: { layer, spec } });
      if (own === null || to[1] === own) return;
      const allowed = FEATURE_USES[own] ?? [];
      if (allowed.includes(to[1])) return;
      const named = allowed.length === 0 ? 'no other feature' : allowed.map((name) => `features/${name}`).join(', ');
      context.report({ node, messageId: 'order', data: { own, other: to[1], allowed: named } });
    };
    return importVisitors(check);
  },
};
