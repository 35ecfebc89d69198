// Bundles the CLI with esbuild into .build/cli so `ensemble --help` starts without a TypeScript loader.
// Packages stay external and every adapter is a separate chunk, loaded only by the commands that use it.
import { rename, rm, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dirname, join, resolve } from 'node:path';

const cliDir = dirname(fileURLToPath(import.meta.url));
const root = resolve(cliDir, '..');
export const DIST = join(root, '.build', 'cli');

/** Builds .build/cli; `build.json` lists every input file so the launcher can tell when it is stale. */
export async function buildCli({ quiet = false } = {}) {
  const esbuild = await import('esbuild');
  const started = Date.now();
  // Built beside and swapped in, so no run ever imports a half-written build.
  const staging = `${DIST}-${process.pid}`;
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { main: 'cli/main.ts' },
    outdir: staging,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    // Packages are bundled too: one file per chunk loads much faster than zod's or undici's hundreds of modules.
    external: ['esbuild', 'tsx'],
    chunkNames: 'chunks/[name]-[hash]',
    // Bundled CommonJS packages (commander, undici) require Node built-ins.
    banner: { js: "import { createRequire as __cliCreateRequire } from 'node:module'; const require = __cliCreateRequire(import.meta.url);" },
    metafile: true,
    logLevel: quiet ? 'silent' : 'warning',
  });
  const inputs = Object.keys(result.metafile.inputs).map((file) => resolve(root, file));
  await writeFile(join(staging, 'build.json'), `${JSON.stringify({ builtAt: started, inputs }, null, 1)}\n`);
  await rm(DIST, { recursive: true, force: true });
  await rename(staging, DIST).catch(async (error) => {
    // Another process swapped in its own build of the same sources first.
    await rm(staging, { recursive: true, force: true });
    if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
  });
  return { ms: Date.now() - started, inputs: inputs.length };
}

if (process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { ms, inputs } = await buildCli();
  process.stdout.write(`.build/cli built from ${inputs} files in ${ms} ms\n`);
}
