// Lint rules, including the architecture boundaries of DESIGN.md ("Boundaries, enforced").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import checkFile from 'eslint-plugin-check-file';
import globals from 'globals';
import { dirname, relative, resolve, sep } from 'node:path';
import { importVisitors } from './scripts/eslint-rules/import-visitors.js';
import { packagesByName } from './scripts/eslint-rules/packages-by-name.js';
import { coreCapabilityBoundaries } from './scripts/eslint-rules/core-capability-boundaries.js';
import { compositionRootsIndependent } from './scripts/eslint-rules/composition-roots-independent.js';
import { clientLayers } from './scripts/eslint-rules/client-layers.js';

const nodeAndDomGlobals = [
  'window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'location', 'fetch',
  'process', 'Buffer', 'require', '__dirname', '__filename', 'global', 'globalThis',
  'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval', 'requestIdleCallback', 'console',
].map((name) => ({ name, message: 'core/ is framework-free: reach the platform through a port.' }));

// web/client is cut by feature (features/<feature>/: routes, components, hooks, state): a feature
// reaches another only through that feature's index.ts, and ui/ (shared by all) reaches none.
const clientRoot = resolve(import.meta.dirname, 'web', 'client');
const featureBoundaries = {
  meta: { type: 'problem', schema: [], messages: {
    insides: "features/{{own}} may use features/{{other}} only through its index.ts, not its insides.",
    ui: 'ui/ is shared by every feature: it imports none of them.',
  } },
  create(context) {
    const at = relative(clientRoot, context.filename).split(sep);
    const own = at[0] === 'features' ? at[1] : null;
    if (own === null && at[0] !== 'ui') return {};
    const check = (node) => {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const to = relative(clientRoot, resolve(dirname(context.filename), spec)).split(sep);
      if (to[0] !== 'features') return;
      if (own === null) context.report({ node, messageId: 'ui' });
      else if (to[1] !== own && !(to.length === 3 && /^index\.(js|ts|tsx)$/.test(to[2]))) context.report({ node, messageId: 'insides', data: { own, other: to[1] } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// Folders that import nothing of the product (core/, web/, cli/, tests/, scripts/, other adapters), so
// each could be published on its own: each imports only its own folder (bar the paths it excepts, which are
// not part of it), the folders it names `also`, node: builtins and npm packages.
// - The local stand-ins impersonate outside services (the billing provider's API; Supabase's Auth, REST,
//   Storage and mailbox).
// - The billing provider's API client (adapters/billing-client/, the npm workspace @ensemble/billing-client).
const projectRoot = import.meta.dirname;
const OWN_FOLDERS = [
  // The sandbox reads the provider's wire schemas by package name (@ensemble/billing-client/schemas).
  { folder: 'adapters/stand-ins/billing', except: [], also: [], messageId: 'standIn' },
  { folder: 'adapters/stand-ins/supabase', except: [], also: [], messageId: 'standIn' },
  { folder: 'adapters/stand-ins/model-providers', except: [], also: [], messageId: 'standIn' },
  { folder: 'adapters/billing-client', except: [], also: [], messageId: 'billingClient' },
];
const stem = (path) => path.replace(/\.(ts|tsx|js|mjs)$/, '');
// A path is inside a folder, or is a file named with its extension (an import names `.js` for a `.ts` file).
const inside = (path, entry) => path === entry || path.startsWith(`${entry}/`) || (stem(entry) !== entry && stem(path) === stem(entry));
const unitOf = (file) => OWN_FOLDERS.find((unit) => inside(file, unit.folder) && !unit.except.some((path) => inside(file, path)));
const standInOwnFolder = {
  meta: { type: 'problem', schema: [], messages: {
    standIn: '{{folder}}/ stands in for an outside service: it imports only its own folder, node: builtins and npm packages, not {{spec}}.',
    billingClient: "{{folder}}/ is the billing provider's API client and knows nothing of the product: it imports only its own folder, node: builtins and npm packages, not {{spec}}.",
  } },
  create(context) {
    const file = relative(projectRoot, context.filename).split(sep).join('/');
    const unit = unitOf(file);
    if (unit === undefined) return {};
    const allowed = (target) =>
      (inside(target, unit.folder) && !unit.except.some((path) => inside(target, path))) || unit.also.some((folder) => inside(target, folder));
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      // A bare name is node: or an npm package; anything else is a path (relative, absolute, file: or #import).
      if (!/^(\.|\/|#|file:)/.test(spec)) return;
      const target = spec.startsWith('.') ? relative(projectRoot, resolve(dirname(context.filename), spec)).split(sep).join('/') : null;
      if (target !== null && allowed(target)) return;
      context.report({ node, messageId: unit.messageId, data: { folder: unit.folder, spec } });
    };
    return importVisitors(check);
  },
};
// The /api wire contract (adapters/api-contract/), read by the server's routes and the browser's adapters
// alike: it imports only zod and the core's capability indexes, so it carries nothing of the server, of
// the browser's adapters or of any other adapter to whichever side reads it.
const API_CONTRACT = 'adapters/api-contract';
const apiContractImports = {
  meta: { type: 'problem', schema: [], messages: {
    only: '{{folder}}/ is the /api wire contract: it imports only zod and core/<capability>/index.js, not {{spec}}.',
  } },
  create(context) {
    const check = (node, spec) => {
      if (typeof spec !== 'string') return;
      if (spec === 'zod' || spec.startsWith('zod/')) return;
      if (spec.startsWith('.')) {
        const target = relative(projectRoot, resolve(dirname(context.filename), spec)).split(sep).join('/');
        if (/^core\/[^/]+\/index\.js$/.test(target)) return;
      }
      context.report({ node, messageId: 'only', data: { folder: API_CONTRACT, spec } });
    };
    return importVisitors(check);
  },
};
const ensemblePlugin = { rules: { 'feature-boundaries': featureBoundaries, 'client-layers': clientLayers, 'stand-in-own-folder': standInOwnFolder, 'api-contract-imports': apiContractImports } };
ensemblePlugin.rules['core-capability-boundaries'] = coreCapabilityBoundaries;

// Outside core/, a capability is reached through its public index only (core/<capability>/index.js).
const coreThroughIndexes = {
  regex: '^(\\.\\./)+core/[^/]+/(?!index\\.js$)',
  message: 'Import core through its capability index (core/<capability>/index.js), not a file inside it.',
};

// The dependency-injection container is the composition roots' business: nothing else imports it.
const COMPOSITION_ROOTS = ['adapters/composition/browser.ts', 'adapters/composition/server.ts', 'adapters/composition/cli.ts', 'adapters/composition/in-memory.ts'];
const importSelectors = (sourcePattern, message) =>
  ['ImportDeclaration', 'ExportNamedDeclaration', 'ExportAllDeclaration', 'ImportExpression'].map((node) => ({ selector: `${node}[source.value=${sourcePattern}]`, message }));
const containerOnlyInRoots = importSelectors(
  '/^(inversify|reflect-metadata)($|\\u002F)|^@inversifyjs\\u002F/',
  `inversify and reflect-metadata are imported only by the composition roots (${COMPOSITION_ROOTS.join(', ')}).`,
);
const polarSdkInTestsOnly = importSelectors('/^@polar-sh\\u002Fsdk/', '@polar-sh/sdk is a test-only oracle: import it under tests/ only.');

export default tseslint.config(
  { ignores: ['node_modules/**', '.data/**', 'dist/**', '.build/**', 'web/client/dist/**', 'test-results/**', 'tests/e2e/artifacts/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,js,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { '{core,adapters,web,cli,tests}/**/': 'KEBAB_CASE' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // TypeScript reports unused locals, imports and parameters of .ts/.tsx files itself (noUnusedLocals,
    // noUnusedParameters in tsconfig.json), in a fraction of this rule's time; it stays on for .js/.mjs.
    files: ['**/*.ts', '**/*.tsx'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // The container: only in the composition roots (tests included: they build through the roots).
    files: ['**/*.{ts,tsx,js,mjs}'],
    rules: { 'no-restricted-syntax': ['error', ...containerOnlyInRoots] },
  },
  {
    // The provider's official SDK is a test oracle only: it never ships in the app, the CLI or an adapter.
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['tests/**'],
    rules: { 'no-restricted-syntax': ['error', ...polarSdkInTestsOnly, ...containerOnlyInRoots] },
  },
  {
    files: COMPOSITION_ROOTS,
    rules: { 'no-restricted-syntax': ['error', ...polarSdkInTestsOnly] },
  },
  {
    // A composition root imports no other root (scripts/eslint-rules/composition-roots-independent.js).
    files: COMPOSITION_ROOTS,
    plugins: { composition: { rules: { 'roots-independent': compositionRootsIndependent } } },
    rules: { 'composition/roots-independent': ['error', { roots: COMPOSITION_ROOTS }] },
  },
  {
    // core/ imports nothing outside itself except zod, and uses no platform globals.
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!zod$|zod/|\\.)', message: 'core/ may import only core/ and zod.' },
            { regex: '^(\\.\\./)+(adapters|web|cli|tests)(/|$)', message: 'core/ may import only core/ and zod.' },
            { regex: '^node:', message: 'core/ may import only core/ and zod.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...nodeAndDomGlobals],
    },
  },
  {
    // Inside core/ too, a capability reaches another only through its index.ts, which names what it exports.
    files: ['core/**/*.ts'],
    plugins: { ensemble: ensemblePlugin },
    rules: { 'ensemble/core-capability-boundaries': 'error' },
  },
  {
    files: ['{adapters,web,cli,tests,scripts}/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [coreThroughIndexes] }] },
  },
  {
    // adapters/ never import web/ or cli/.
    files: ['adapters/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [coreThroughIndexes, { regex: '^(\\.\\./)+(web|cli)(/|$)', message: 'adapters/ never import web/ or cli/.' }] },
      ],
    },
  },
  {
    files: ['web/client/**/*.{ts,tsx}'],
    plugins: { ensemble: ensemblePlugin },
    // ...and the layers (scripts/eslint-rules/client-layers.js): nothing below app/ imports it; features in their declared order.
    rules: { 'ensemble/feature-boundaries': 'error', 'ensemble/client-layers': 'error' },
  },
  {
    // The stand-ins and the billing client import nothing of the product (see OWN_FOLDERS above).
    files: OWN_FOLDERS.map(({ folder }) => `${folder}/**/*.{ts,tsx,js,mjs}`),
    plugins: { ensemble: ensemblePlugin },
    rules: { 'ensemble/stand-in-own-folder': 'error' },
  },
  {
    // Outside the npm workspaces, a file imports one by its package name only (scripts/eslint-rules/packages-by-name.js).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { workspaces: { rules: { 'packages-by-name': packagesByName } } },
    rules: { 'workspaces/packages-by-name': 'error' },
  },
  {
    // The /api contract imports only zod and the core's capability indexes (see API_CONTRACT above).
    files: [`${API_CONTRACT}/**/*.{ts,tsx,js,mjs}`],
    plugins: { ensemble: ensemblePlugin },
    rules: { 'ensemble/api-contract-imports': 'error' },
  },
  {
    // The browser never imports server-only code (it may import the /api contract, adapters/api-contract).
    files: ['web/client/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            coreThroughIndexes,
            {
              regex: '(^|/)(server|adapters/billing|adapters/billing-client|adapters/stand-ins|adapters/models|adapters/redis|adapters/documents)(/|$)',
              message: 'web/client never imports server-only code (web/server, adapters/billing, adapters/models, ...).',
            },
            { regex: '^(node:|undici$|@electric-sql/pglite|hono|@hono/|ai$|@ai-sdk/|@ensemble/)', message: 'web/client never imports server-only packages.' },
          ],
        },
      ],
    },
  },
);
