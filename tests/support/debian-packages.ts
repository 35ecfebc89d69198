// What the test command may install by itself on a fresh machine: Debian's packages, as root with
// apt-get (CI's case). No tool downloads a browser or a database of its own.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function canInstallWithApt(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
}

function apt(args: string[]): void {
  const run = spawnSync('apt-get', args, {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    stdio: ['ignore', 'ignore', 'pipe'],
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed (exit ${run.status ?? run.signal}):\n${run.stderr.trim().split('\n').slice(-5).join('\n')}`);
}

/** apt-get update, then install `name`. */
export function aptInstall(name: string): void {
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', name]);
}

export function setupLog(line: string): void {
  process.stderr.write(`[test setup] ${line}\n`);
}
