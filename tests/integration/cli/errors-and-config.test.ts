import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Command } from 'commander';
import { buildProgram } from '../../../cli/program.js';
import { closedPort } from '../../support/local-http.js';
import { runIn, startStack, type Stack } from './cli-harness.js';

let stack: Stack;
let dir: string;
beforeAll(async () => {
  stack = await startStack({ supabase: false });
  dir = mkdtempSync(join(tmpdir(), 'ensemble-cli-'));
});
afterAll(async () => {
  await stack.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('CLI: credentials and reachability', () => {
  it('a missing token is a usage error that says how to give one (exit 2)', async () => {
    const r = await runIn(['--env', stack.sandbox.url, 'customers', 'list']);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`ensemble: No billing access token for ${stack.sandbox.url}: pass --token or set BILLING_ACCESS_TOKEN\n`);
  });

  it('a refused token is one line naming the environment (exit 1), also with --json', async () => {
    const r = await runIn(['--env', stack.sandbox.url, '--token', 'polar_oat_not-a-real-token', '--json', 'customers', 'list']);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(new RegExp(`^ensemble: The billing access token was refused for ${stack.sandbox.url}.*check --token or BILLING_ACCESS_TOKEN\\n$`));
  });

  it('--env local reads the seed token from .data/billing/seed.json, and hints at npm start when the sandbox is down', async () => {
    mkdirSync(join(dir, '.data', 'billing'), { recursive: true });
    writeFileSync(join(dir, '.data', 'billing', 'seed.json'), JSON.stringify({ accessToken: stack.seed.accessToken }));
    const up = await runIn(['--env', 'local', '--json', 'products', 'list'], { cwd: dir, env: { ENSEMBLE_LOCAL_BILLING_URL: stack.sandbox.url } });
    expect(up.code, up.stderr).toBe(0);
    expect(JSON.parse(up.stdout)).toEqual([expect.objectContaining({ id: stack.seed.productId })]);
    const down = await closedPort();
    const r = await runIn(['products', 'list'], { cwd: dir, env: { ENSEMBLE_LOCAL_BILLING_URL: down } });
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`ensemble: Cannot reach the billing API at ${down}: is \`npm start\` or \`npm run sandbox:billing\` running?\n`);
  });

  it('an unreachable --env <url> says to check the address', async () => {
    const url = await closedPort();
    const r = await runIn(['--env', url, '--token', 'x', 'products', 'list']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(`ensemble: Cannot reach the billing API at ${url}: check --env and your network\n`);
  });

  it('an unknown --env value is a usage error', async () => {
    const r = await runIn(['--env', 'staging', '--token', 't', 'products', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('ensemble: --env must be production, sandbox, local or an http(s) URL, not "staging"\n');
  });

  it('./.ensemble.json gives the token and the environment; an invalid file is named with its bad key', async () => {
    writeFileSync(join(dir, '.ensemble.json'), JSON.stringify({ env: stack.sandbox.url, billingAccessToken: stack.seed.accessToken }));
    const r = await runIn(['--json', 'products', 'list'], { cwd: dir });
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([expect.objectContaining({ id: stack.seed.productId })]);
    writeFileSync(join(dir, '.ensemble.json'), JSON.stringify({ env: stack.sandbox.url, billingToken: 'typo' }));
    const bad = await runIn(['products', 'list'], { cwd: dir });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/\.ensemble\.json: .*billingToken/);
    rmSync(join(dir, '.ensemble.json'));
  });

  it('~/.config/ensemble/config.json is read too, and ./.ensemble.json overrides it key by key', async () => {
    const home = join(dir, 'home');
    mkdirSync(join(home, '.config', 'ensemble'), { recursive: true });
    writeFileSync(join(home, '.config', 'ensemble', 'config.json'), JSON.stringify({ env: 'production', billingAccessToken: stack.seed.accessToken }));
    writeFileSync(join(dir, '.ensemble.json'), JSON.stringify({ env: stack.sandbox.url }));
    const r = await runIn(['--json', 'products', 'list'], { cwd: dir, home });
    expect(r.code, r.stderr).toBe(0);
    rmSync(join(dir, '.ensemble.json'));
  });

  it('metrics against a server without the metrics endpoint is one clear line (exit 1)', async () => {
    const server = createServer((_req, res) => res.writeHead(404, { 'content-type': 'application/json' }).end('{"detail":"Not Found"}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const r = await runIn(['--env', url, '--token', 't', 'metrics', '--from', '2026-01-01', '--to', '2026-01-31']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/^ensemble: The billing server at .* has no metrics \(GET \/v1\/metrics\/ is not served there\); try --env sandbox or production\n$/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('CLI: usage, help and exit codes', () => {
  it('unknown commands and options are usage errors (exit 2) with a suggestion', async () => {
    const r = await runIn(['custmers', 'list']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'custmers'/);
    expect(r.stderr).toMatch(/Did you mean customers\?/);
    expect((await runIn(['customers', 'list', '--bogus'])).code).toBe(2);
  });

  it('a group without a subcommand shows its help on stderr and exits 2', async () => {
    const r = await runIn(['subscriptions']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Usage: ensemble subscriptions/);
  });

  it('--help exits 0 and writes to stdout', async () => {
    const r = await runIn(['--help']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Usage: ensemble/);
    expect(r.stdout).toMatch(/Exit codes: 0 ok, 1 failure, 2 usage error/);
  });

  it('every leaf command has --help with examples', async () => {
    const io = { stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, isTTY: false, color: false, env: {} };
    const leaves: string[][] = [];
    const walk = (command: Command, path: string[]) => {
      if (command.commands.length === 0) leaves.push(path);
      for (const sub of command.commands) walk(sub, [...path, sub.name()]);
    };
    walk(buildProgram({}, io), []);
    expect(leaves).toHaveLength(35);
    for (const path of leaves) {
      const r = await runIn([...path, '--help']);
      expect(r.code, path.join(' ')).toBe(0);
      expect(r.stdout, path.join(' ')).toMatch(/Examples:\n {2}\$ ensemble /);
    }
  });
});
