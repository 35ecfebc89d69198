import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

let known: string | null = null;

/**
 * The program's version: the project's, read from the nearest package.json named `ensemble` above this
 * file (cli/ when run from source, .build/cli/ when bundled). Read on first use: the bundle does not
 * carry package.json, whose dependency list would read like loaded adapters.
 */
export function version(): string {
  if (known !== null) return known;
  let folder = dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 6; depth += 1) {
    try {
      const project = JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')) as { name?: unknown; version?: unknown };
      if (project.name === 'ensemble' && typeof project.version === 'string') return (known = project.version);
    } catch {
      // no package.json here: look one folder up
    }
    folder = dirname(folder);
  }
  return (known = 'unknown');
}
