import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildCli, DIST } from '../../../cli/build.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const bin = join(root, 'cli', 'bin', 'ensemble.js');

function ensemble(args: readonly string[], env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], { cwd: root, env: { PATH: process.env.PATH ?? '', HOME: '/nonexistent', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => (stdout += c));
    child.stderr.setEncoding('utf8').on('data', (c: string) => (stderr += c));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

// The bundle is built once up front so the runs below do not each race to rebuild it.
beforeAll(() => buildCli({ quiet: true }));

describe('CLI: the `ensemble` bin (package.json "bin")', () => {
  it('--help prints the command list on stdout and exits 0', async () => {
    const r = await ensemble(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^Usage: ensemble \[options\] \[command\]/);
    for (const group of ['users', 'customers', 'subscriptions', 'orders', 'refunds', 'products', 'discounts', 'checkouts', 'webhooks', 'metrics', 'export']) {
      expect(r.stdout).toMatch(new RegExp(`^  ${group}\\b`, 'm'));
    }
    expect(r.stderr).toBe('');
  });

  it('a bad argument exits 2 with the message on stderr and nothing on stdout', async () => {
    const r = await ensemble(['subscriptions', 'show', 'not-an-id']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/a subscription id is a UUID/);
  });

  it('a missing token exits 2 from the process too', async () => {
    const r = await ensemble(['--env', 'sandbox', 'customers', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ensemble: No billing access token for sandbox: pass --token or set BILLING_ACCESS_TOKEN\n');
  });

  it('startup loads no adapter: undici, supabase-js, inversify and the billing schemas live in chunks imported by commands', () => {
    // Everything main.js loads at start: itself and the chunks it imports statically, transitively.
    const eagerFiles = new Set<string>();
    const visit = (file: string) => {
      if (eagerFiles.has(file)) return;
      eagerFiles.add(file);
      const code = readFileSync(file, 'utf8');
      for (const m of code.matchAll(/from\s*"(\.{1,2}\/[^"]+)"/g)) visit(join(dirname(file), m[1]!));
    };
    visit(join(DIST, 'main.js'));
    const eager = [...eagerFiles].map((file) => readFileSync(file, 'utf8')).join('\n');
    const main = readFileSync(join(DIST, 'main.js'), 'utf8');
    for (const marker of ['undici', 'function createBillingClient', 'PostgrestClient', 'inversify', 'reflect-metadata']) expect(eager, marker).not.toContain(marker);
    // The composition root is imported by the commands that need it, and imports the billing client on first use in turn.
    expect(main).toMatch(/import\("\.\/chunks\/cli-[A-Z0-9]+\.js"\)/);
    const [composition] = [...main.matchAll(/import\("\.\/(chunks\/cli-[A-Z0-9]+\.js)"\)/g)].map((m) => m[1]!);
    expect(readFileSync(join(DIST, composition!), 'utf8')).toMatch(/import\("\.\/(billing-)?client-[A-Z0-9]+\.js"\)/);
  });
});
