// Security (DESIGN.md "Secrets live only on the server"): the built client holds no secret.
// Scans web/client/dist (what `npm start` / `npm run build:client` produce) for every secret this
// machine has configured or generated, and for the shapes of server-only credentials.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildClientIfNeeded } from '../../../scripts/local-stack.js';

const DIST = 'web/client/dist';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Secrets of this install: the stand-ins' generated keys and seed, and secret environment values. */
function knownSecrets(): string[] {
  const found: string[] = [];
  const json = (path: string) => (existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>) : {});
  for (const dataDir of ['.data', process.env['DATA_DIR'] ?? '.data']) {
    const keys = json(join(dataDir, 'supabase-keys.json'));
    const seed = json(join(dataDir, 'billing', 'seed.json'));
    for (const value of [keys['jwtSecret'], keys['serviceRoleKey'], seed['accessToken'], seed['webhookSecret']]) if (typeof value === 'string') found.push(value);
  }
  for (const name of ['SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET', 'BILLING_ACCESS_TOKEN', 'BILLING_WEBHOOK_SECRET', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_API_KEY']) {
    const value = process.env[name];
    if (value && value.length >= 8) found.push(value);
  }
  return found;
}

/** A JWT whose payload says service_role: the key that bypasses row-level security. */
const serviceRoleJwt = (text: string): boolean =>
  [...text.matchAll(/eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+/g)].some((m) => {
    try {
      return /"role"\s*:\s*"service_role"/.test(Buffer.from(m[1] ?? '', 'base64url').toString('utf8'));
    } catch {
      return false;
    }
  });

function expectNoSecret(dist: string, secrets: readonly string[]): void {
  const scanned = files(dist);
  expect(scanned.some((f) => f.endsWith('.js'))).toBe(true);
  for (const file of scanned) {
    const text = readFileSync(file, 'utf8');
    for (const secret of secrets) expect(text.includes(secret), `${file} contains a secret value`).toBe(false);
    expect(serviceRoleJwt(text), `${file} embeds a service_role JWT`).toBe(false);
    expect(/polar_(oat|at|pat)_[A-Za-z0-9]{20,}/.test(text), `${file} embeds a billing access token`).toBe(false);
    expect(/whsec_[A-Za-z0-9+/=]{20,}/.test(text), `${file} embeds a webhook secret`).toBe(false);
  }
}

const SECRET_VARIABLES = [
  'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_JWT_SECRET', 'BILLING_ACCESS_TOKEN', 'BILLING_WEBHOOK_SECRET',
  'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_API_KEY',
];

describe('the built client contains no secret', () => {
  // The client npm start serves: built here when this checkout has no current build (the same
  // race-free build npm start and the browser tests use), so the scan never depends on test order.
  it('web/client/dist: no configured or generated secret value, no service-role key, no billing token or webhook secret', () => {
    expect(buildClientIfNeeded(DIST)).not.toBe('failed');
    expect(existsSync(join(DIST, 'index.html'))).toBe(true);
    expectNoSecret(DIST, knownSecrets());
  }, 120_000);

  // Built from inside a test runner too (vitest sets NODE_ENV=test), the client npm start serves is
  // React's production build: its errors are the minified ones and the development checks are absent.
  it('web/client/dist is the production build of React, whoever built it', () => {
    expect(buildClientIfNeeded(DIST)).not.toBe('failed');
    const scripts = files(DIST).filter((path) => path.endsWith('.js')).map((path) => readFileSync(path, 'utf8')).join('\n');
    expect(scripts.includes('Minified React error'), 'the minified errors of React\'s production build').toBe(true);
    expect(scripts.includes('validateDOMNesting'), 'a development check of React').toBe(false);
  }, 120_000);

  // Runs on a fresh clone too (no dist yet): every server secret set to a unique value while building.
  it('a client built with every server secret in the environment holds none of them', () => {
    const out = mkdtempSync(join(tmpdir(), 'client-scan-'));
    try {
      const planted = Object.fromEntries(SECRET_VARIABLES.map((name) => [name, `planted-${name}-${randomBytes(12).toString('hex')}`]));
      const build = spawnSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'error'], {
        env: { ...process.env, ...planted },
        encoding: 'utf8',
      });
      expect(build.status, build.stderr).toBe(0);
      expectNoSecret(out, Object.values(planted));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 120_000);
});
