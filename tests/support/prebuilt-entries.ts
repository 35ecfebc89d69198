// The processes the integration tests spawn by the dozen (app servers killed and restarted, the
// billing sandbox frozen and thawed), and the browser tests' shared stacks, their parts and their
// browser, start from one prebuilt file each, bundled once per run by the global setup, instead of
// through tsx: tsx resolves and loads every module of the graph through its loader on each start,
// which is most of a start (about 2.5× slower here). The bundle is the same
// code: each source keeps its own import.meta.url, packages stay imports of node_modules. The
// scripts a user runs (npm start, npm run dev) are still tested through tsx, as they run.
import { mkdirSync, readFileSync, renameSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { ENTRIES, OUT_DIR, PREBUILT_ENV, root } from './prebuilt-entry-args.js';

/** Each bundled source keeps its own location: `new URL('./x.mjs', import.meta.url)` still finds x.mjs beside it. */
const ownLocation: Plugin = {
  name: 'own-import-meta',
  setup(bundle) {
    bundle.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@ensemble/') ? undefined : { path: args.path, external: true }));
    bundle.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, (args) => {
      if (args.path.includes('node_modules')) return undefined;
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return undefined;
      const contents = source
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(args.path)))
        .replaceAll('import.meta.filename', JSON.stringify(args.path));
      const loader = /\.[cm]?tsx?$/.test(args.path) ? (args.path.endsWith('x') ? 'tsx' : 'ts') : 'js';
      return { contents, loader, resolveDir: dirname(args.path) };
    });
  },
};

/** Bundles every entry (about a second each); each file is written beside and renamed in, so a run reading it never sees half of one. */
export async function buildPrebuiltEntries(): Promise<string> {
  mkdirSync(OUT_DIR, { recursive: true });
  await Promise.all(
    Object.entries(ENTRIES).map(async ([name, entry]) => {
      const partial = join(OUT_DIR, `${name}.${process.pid}.mjs`);
      await build({
        entryPoints: [join(root, entry)],
        bundle: true,
        platform: 'node',
        format: 'esm',
        target: `node${process.versions.node.split('.')[0]}`,
        outfile: partial,
        logLevel: 'error',
        plugins: [ownLocation],
        // Bundled CommonJS code may still call require().
        banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
      });
      renameSync(partial, join(OUT_DIR, `${name}.mjs`));
    }),
  );
  return OUT_DIR;
}

/** Global setup (vitest.config.ts): builds the bundles; the forked workers inherit where they are. */
export default async function setup(): Promise<void> {
  process.env[PREBUILT_ENV] = await buildPrebuiltEntries();
}
