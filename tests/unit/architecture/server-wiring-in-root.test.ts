import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The app server is wired in its composition root (adapters/composition/server.ts): the billing
 * guard, the crash seam, the use cases, the chat run relay and the token verifiers are built there,
 * and web/server builds only its routes, middleware and listener over what the root answers.
 */
const root = join(import.meta.dirname, '..', '..', '..');
const CONSTRUCTIONS = [
  /new\s+ChatRunRelay\b/,
  /new\s+GuardedBillingGateway\b/,
  /new\s+CircuitBreaker\b/,
  /\bcrashingWebhookInbox\(/,
  /\bjwtSecretVerifier\(/,
  /\bauthServerVerifier\(/,
  /\bsessionCheckedVerifier\(/,
  /\bcreateServerUseCases\(/,
  /new\s+PolarWebhookReader\b/,
];

/** The billing provider's knowledge (its client, its webhook signatures, its event mapping) stays in the billing adapter. */
const PROVIDER_KNOWLEDGE = /from\s+['"](@ensemble\/billing-client[^'"]*|[./]+adapters\/billing\/[^'"]+)['"]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

describe("the app server's wiring is in its composition root", () => {
  it('web/server builds none of the wired parts', () => {
    const found = sourceFiles(join(root, 'web', 'server')).flatMap((path) => {
      const code = readFileSync(path, 'utf8');
      return CONSTRUCTIONS.filter((pattern) => pattern.test(code)).map((pattern) => `${relative(root, path).split(sep).join('/')}: ${pattern.source}`);
    });
    expect(found).toEqual([]);
  });

  it("web/server imports nothing of the billing provider: webhooks reach it as bytes, read by the adapter's BillingWebhookReader", () => {
    const found = sourceFiles(join(root, 'web', 'server')).flatMap((path) =>
      [...readFileSync(path, 'utf8').matchAll(PROVIDER_KNOWLEDGE)].map((m) => `${relative(root, path).split(sep).join('/')}: ${m[1]}`),
    );
    expect(found).toEqual([]);
  });

  it('adapters/composition/server.ts builds each of them', () => {
    const code = readFileSync(join(root, 'adapters', 'composition', 'server.ts'), 'utf8');
    const missing = CONSTRUCTIONS.filter((pattern) => pattern.source !== 'new\\s+CircuitBreaker\\b' && !pattern.test(code)).map((pattern) => pattern.source);
    expect(missing).toEqual([]);
  });
});
