// The files of a worker share one process and its loaded modules (`isolate: false` in vitest.config.ts):
// a file that changed the environment and left it so would change every later file's. Each file's
// environment is compared, at its end, with what it was at its start; a difference fails that file.
import { afterAll, beforeAll, expect } from 'vitest';

let before: Record<string, string | undefined> = {};

beforeAll(() => {
  before = { ...process.env };
});

afterAll(() => {
  const after = process.env;
  const changed = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((name) => before[name] !== after[name]).sort();
  expect(changed, 'environment variables this file changed and did not restore').toEqual([]);
});
