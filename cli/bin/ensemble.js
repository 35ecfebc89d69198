#!/usr/bin/env node
// The `ensemble` launcher: runs the bundled CLI (.build/cli, built by `npm run build:cli`), rebuilding it first when a source file
// changed since the last build, and falls back to running the TypeScript through tsx.
import { readFileSync, statSync } from 'node:fs';

const dist = new URL('../../.build/cli/', import.meta.url);

function isFresh() {
  try {
    const manifest = JSON.parse(readFileSync(new URL('build.json', dist), 'utf8'));
    return manifest.inputs.every((file) => statSync(file).mtimeMs <= manifest.builtAt);
  } catch {
    return false;
  }
}

async function run() {
  if (!isFresh()) {
    try {
      const { buildCli } = await import('../build.mjs');
      await buildCli({ quiet: true });
    } catch {
      const { register } = await import('tsx/esm/api');
      register();
      await import('../main.ts');
      return;
    }
  }
  await import(new URL('main.js', dist).href);
}

await run();
