// Security (issue 7, DESIGN.md "Secrets live only on the server"): the built client holds no secret.
// Scans web/client/dist (what `npm start` / `npm run build:client` produce) for every secret this
// machine has configured or generated, and for the shapes of server-only credentials.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

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

describe.skipIf(!existsSync(join(DIST, 'index.html')))('the built client contains no secret', () => {
  it('no configured or generated secret value, no service-role key, no billing token or webhook secret', () => {
    const secrets = knownSecrets();
    for (const file of files(DIST)) {
      const text = readFileSync(file, 'utf8');
      for (const secret of secrets) expect(text.includes(secret), `${file} contains a secret value`).toBe(false);
      expect(serviceRoleJwt(text), `${file} embeds a service_role JWT`).toBe(false);
      expect(/polar_(oat|at|pat)_[A-Za-z0-9]{20,}/.test(text), `${file} embeds a billing access token`).toBe(false);
      expect(/whsec_[A-Za-z0-9+/=]{20,}/.test(text), `${file} embeds a webhook secret`).toBe(false);
    }
  });
});
