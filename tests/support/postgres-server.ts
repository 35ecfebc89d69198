// A real PostgreSQL server for the tests' second database lane: Debian's `postgresql` package,
// found where it is installed or installed the way Chromium is (root and apt-get), then one
// throw-away cluster per test run, tuned for speed (no fsync), on a free loopback port.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isExecutable } from './chromium.js';
import { aptInstall, canInstallWithApt, setupLog as log } from './debian-packages.js';

const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y postgresql';
/** The superuser of the cluster, named as on a hosted Supabase project (where `postgres` is not one). */
export const POSTGRES_SUPERUSER = 'supabase_admin';

/** The folder with initdb and postgres: POSTGRES_BINDIR, else Debian's newest /usr/lib/postgresql/<v>/bin. */
export function findPostgresBin(env: NodeJS.ProcessEnv = process.env, root = '/usr/lib/postgresql'): string | null {
  const has = (dir: string) => isExecutable(join(dir, 'initdb')) && isExecutable(join(dir, 'postgres'));
  const configured = env['POSTGRES_BINDIR'];
  if (configured) return has(configured) ? configured : null;
  if (!existsSync(root)) return null;
  const versions = readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin')).find(has) ?? null;
}

export interface ProvisionPostgresOptions {
  readonly env?: NodeJS.ProcessEnv;
  /** Where Debian keeps its versions (tests point this at a temporary folder). */
  readonly root?: string;
  readonly canInstall?: () => boolean;
  readonly install?: () => void;
}

/** Finds PostgreSQL or installs Debian's package; returns its bin folder, or throws the message that stops the run. */
export function provisionPostgres(options: ProvisionPostgresOptions = {}): string {
  const env = options.env ?? process.env;
  const found = findPostgresBin(env, options.root);
  if (found) return found;
  if (env['POSTGRES_BINDIR']) throw new Error(`POSTGRES_BINDIR is set to ${env['POSTGRES_BINDIR']}, which has no initdb and postgres.`);
  if (!(options.canInstall ?? canInstallWithApt)()) {
    throw new Error(`The PostgreSQL lane of the tests needs a PostgreSQL server and none was found. Install it with:\n\n    ${INSTALL_COMMAND}\n\nor set POSTGRES_BINDIR to a folder holding initdb and postgres, then run npm test again.`);
  }
  const started = Date.now();
  log('no PostgreSQL found: installing Debian\'s postgresql package for the PostgreSQL lane (first run only)…');
  (options.install ?? (() => aptInstall('postgresql')))();
  const installed = findPostgresBin(env, options.root);
  if (!installed) throw new Error(`apt-get installed postgresql but no initdb was found; install it by hand: ${INSTALL_COMMAND}`);
  log(`installed PostgreSQL (${installed}) in ${Math.round((Date.now() - started) / 1000)} s`);
  return installed;
}

export interface PostgresServer {
  /** `postgres://supabase_admin@127.0.0.1:<port>/<database>` */
  urlOf(database: string): string;
  /** The postmaster's process id (its backends are its children). */
  readonly pid: number;
  stop(): Promise<void>;
}

/** PostgreSQL refuses to run as root; then the cluster belongs to Debian's `postgres` user. */
function runAs(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  const uid = id('-u');
  if (!Number.isInteger(uid) || uid <= 0) throw new Error('Running as root, PostgreSQL needs the `postgres` user (Debian\'s postgresql package creates it)');
  return { uid, gid: id('-g') };
}

/** Starts a fresh cluster and resolves once it accepts connections. */
export async function startPostgresServer(bin: string, port: number): Promise<PostgresServer> {
  const dir = mkdtempSync(join(tmpdir(), 'ensemble-postgres-'));
  const data = join(dir, 'data');
  const user = runAs();
  if (user) chownSync(dir, user.uid, user.gid);
  chmodSync(dir, 0o700);
  // The programs run as that user themselves (not through su or runuser), so signals reach them.
  const as = user ? { uid: user.uid, gid: user.gid, cwd: dir } : { cwd: dir };

  const init = spawnSync(join(bin, 'initdb'), ['-D', data, '-U', POSTGRES_SUPERUSER, '-A', 'trust', '-E', 'UTF8', '--locale=C.UTF-8', '--no-sync'], { ...as, encoding: 'utf8' });
  if (init.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`initdb failed (exit ${init.status ?? init.signal}): ${(init.stderr || init.stdout).trim().split('\n').slice(-5).join('\n')}`);
  }
  const settings = ['fsync=off', 'synchronous_commit=off', 'full_page_writes=off', 'max_connections=300', 'listen_addresses=127.0.0.1', `unix_socket_directories=${dir}`];
  const child = spawn(join(bin, 'postgres'), ['-D', data, '-p', String(port), ...settings.flatMap((s) => ['-c', s])], { ...as, stdio: ['ignore', 'ignore', 'pipe'] });
  try {
    await readyOrExit(child);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    urlOf: (database) => `postgres://${POSTGRES_SUPERUSER}@127.0.0.1:${port}/${database}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGINT'); // fast shutdown: open sessions are ended
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits for the server's own "ready" line on stderr; its last lines explain a failed start. */
function readyOrExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      if (tail.includes('database system is ready to accept connections')) {
        child.stderr?.off('data', onData);
        child.stderr?.resume();
        resolve();
      }
    };
    child.stderr?.on('data', onData);
    child.once('exit', (code, signal) => reject(new Error(`PostgreSQL exited during start (${code ?? signal}):\n${tail.trim()}`)));
  });
}
