import { spawnSync } from 'node:child_process';
import { PassThrough } from 'node:stream';
import type { Command } from 'commander';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../../cli/program.js';
import { must, startStack, type Stack } from './cli-harness.js';

let stack: Stack;
const CUSTOMERS = 160;
// Longer than any column's width limit (40): it used to be cut to `…` when it first showed on page 2.
const LONG_EXTERNAL_ID = `tenant-7f3c2a91-0b4e-4d8f-9a61-${'x'.repeat(30)}`;

beforeAll(async () => {
  stack = await startStack({ supabase: false });
  // The oldest customer has the long external id; the 159 newer ones have none, so page 1 (100 rows) is narrow.
  must(await stack.billing.customers.create({ email: 'oldest@example.com', externalId: LONG_EXTERNAL_ID }));
  for (let i = 1; i < CUSTOMERS; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, CUSTOMERS - i) }, async (_, j) => must(await stack.billing.customers.create({ email: `c${i + j}@example.com` }))),
    );
  }
}, 60_000);
afterAll(() => stack.close());

/** Every command path of the program, e.g. ['subscriptions', 'list']. */
function commandPaths(): string[][] {
  const io = { stdout: new PassThrough(), stderr: new PassThrough(), stdin: new PassThrough(), isTTY: false, color: false, env: {} };
  const paths: string[][] = [];
  const visit = (command: Command, path: string[]) => {
    paths.push(path);
    for (const sub of command.commands) visit(sub, [...path, sub.name()]);
  };
  visit(buildProgram({}, io), []);
  return paths;
}

describe('CLI conventions: version, completion, help, listings', () => {
  it('--version, -V and `version` print the version and exit 0', async () => {
    for (const argv of [['--version'], ['-V'], ['version']]) {
      const r = await stack.run(argv);
      expect(r.code, argv.join(' ')).toBe(0);
      expect(r.stdout).toMatch(/^ensemble \d+\.\d+\.\d+\n$/);
    }
  });

  it('every help (`--help` and `help <command...>`) exits 0 and lists the global options', async () => {
    const paths = commandPaths();
    expect(paths.length).toBeGreaterThan(30);
    for (const path of paths) {
      for (const argv of [[...path, '--help'], ['help', ...path]]) {
        const r = await stack.run(argv);
        expect(r.code, argv.join(' ')).toBe(0);
        expect(r.stdout, argv.join(' ')).toMatch(new RegExp(`^Usage: ensemble${path.length > 0 ? ` ${path.join(' ')}` : ''} `));
        const globals = path.length === 0 ? r.stdout : r.stdout.slice(r.stdout.indexOf('Global Options:'));
        expect(r.stdout, argv.join(' ')).toContain(path.length === 0 ? 'Options:' : 'Global Options:');
        for (const flag of ['--env <env>', '--token <token>', '--json', '--no-color', '--verbose']) expect(globals, `${argv.join(' ')}: ${flag}`).toContain(flag);
      }
    }
  });

  it('`completion bash` sourced by bash completes commands, subcommands, flags and values', async () => {
    const script = await stack.run(['completion', 'bash']);
    expect(script.code, script.stderr).toBe(0);
    const complete = (words: string[]) => {
      const line = words.map((w) => `'${w}'`).join(' ');
      const r = spawnSync('bash', ['-c', `eval "$SCRIPT"; COMP_WORDS=(${line}); COMP_CWORD=${words.length - 1}; _ensemble; echo "\${COMPREPLY[*]}"`], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', SCRIPT: script.stdout },
      });
      expect(r.status, r.stderr).toBe(0);
      return r.stdout.trim().split(' ').filter(Boolean);
    };
    expect(complete(['ensemble', 'us'])).toEqual(['users']);
    expect(complete(['ensemble', 'users', ''])).toEqual(['list', 'show', 'credits']);
    expect(complete(['ensemble', '--env', 'sandbox', 'users', 'credits', ''])).toEqual(['grant', 'debit']);
    expect(complete(['ensemble', '--env', ''])).toEqual(['production', 'sandbox', 'local']);
    expect(complete(['ensemble', 'users', 'show', '--le'])).toEqual(['--ledger']);
    expect(complete(['ensemble', '--env', 'sandbox', 'webhooks', ''])).toEqual(['deliveries', 'show', 'redeliver']);
    expect(complete(['ensemble', 'webhooks', 'deliveries', '--fa'])).toEqual(['--failed']);
    expect(complete(['ensemble', 'metrics', 'usage', '--by', ''])).toEqual(['model', 'user']);
    expect(complete(['ensemble', 'completion', ''])).toEqual(['bash', 'zsh', 'fish']);
    // The registered function is the one bash calls for `ensemble`.
    const registered = spawnSync('bash', ['-c', 'eval "$SCRIPT"; complete -p ensemble'], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', SCRIPT: script.stdout } });
    expect(registered.stdout).toContain('-F _ensemble ensemble');
  });

  it('`completion zsh|fish` print scripts; another shell is a usage error', async () => {
    expect((await stack.run(['completion', 'zsh'])).stdout).toMatch(/^#compdef ensemble\n[\s\S]*bashcompinit[\s\S]*complete -o default -F _ensemble ensemble/);
    const fish = await stack.run(['completion', 'fish']);
    expect(fish.code).toBe(0);
    expect(fish.stdout).toContain("complete -c ensemble -n '__ensemble_at \\'users\\'' -a 'show'");
    const other = await stack.run(['completion', 'tcsh']);
    expect(other.code).toBe(2);
    expect(other.stderr).toBe("ensemble: command-argument value 'tcsh' is invalid for argument 'shell'. Allowed choices are bash, zsh, fish.\n");
  });

  it('a long id showing first on a later page is never truncated', async () => {
    const r = await stack.run(['customers', 'list']);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout.trimEnd().split('\n');
    expect(rows).toHaveLength(CUSTOMERS + 1);
    expect(rows[CUSTOMERS]).toContain(LONG_EXTERNAL_ID);
    expect(r.stdout).not.toContain('…');
  });

  it('--limit is honest: above a page it pages through to give that many; with --page it is refused precisely', async () => {
    const many = await stack.run(['--json', 'customers', 'list', '--limit', '150']);
    expect(many.code, many.stderr).toBe(0);
    expect((JSON.parse(many.stdout) as unknown[]).length).toBe(150);
    expect(many.stderr).toBe(`150 of ${CUSTOMERS} customers\n`);
    const page = await stack.run(['customers', 'list', '--page', '1', '--limit', '500']);
    expect(page.code).toBe(2);
    expect(page.stdout).toBe('');
    expect(page.stderr).toBe(
      'ensemble: --limit 500 with --page: a page holds at most 100 items; give --limit 100 or less with --page, or leave out --page to list the first 500 across pages\n',
    );
    const full = await stack.run(['--json', 'customers', 'list', '--page', '2', '--limit', '100']);
    expect((JSON.parse(full.stdout) as unknown[]).length).toBe(CUSTOMERS - 100);
  });
});
