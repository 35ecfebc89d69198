// A real Redis server for the Redis adapters' tests: Debian's `redis-server`, found where it is
// installed or installed the way Chromium and PostgreSQL are, then one throw-away server per test
// run on a free loopback port, with nothing written to disk.
import { spawn, type ChildProcess } from 'node:child_process';
import { isExecutable } from './chromium.js';
import { aptInstall, canInstallWithApt, setupLog as log } from './debian-packages.js';

const INSTALL_COMMAND = 'sudo apt-get update && sudo apt-get install -y redis-server';
const PLACES = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'];

export interface ProvisionRedisOptions {
  readonly env?: NodeJS.ProcessEnv;
  readonly places?: readonly string[];
  readonly canInstall?: () => boolean;
  readonly install?: () => void;
}

/** Finds redis-server or installs Debian's package; returns its path, or throws the message that stops the run. */
export function provisionRedis(options: ProvisionRedisOptions = {}): string {
  const env = options.env ?? process.env;
  const configured = env['REDIS_SERVER_PATH'];
  if (configured) {
    if (isExecutable(configured)) return configured;
    throw new Error(`REDIS_SERVER_PATH is set to ${configured}, which is not an executable file.`);
  }
  const places = options.places ?? PLACES;
  const found = places.find(isExecutable);
  if (found) return found;
  if (!(options.canInstall ?? canInstallWithApt)()) {
    throw new Error(`The Redis adapters' tests need redis-server and none was found. Install it with:\n\n    ${INSTALL_COMMAND}\n\nor set REDIS_SERVER_PATH to a redis-server executable, then run npm test again.`);
  }
  const started = Date.now();
  log('no Redis found: installing Debian\'s redis-server package for the Redis adapters\' tests (first run only, about 10 s)…');
  (options.install ?? (() => aptInstall('redis-server')))();
  const installed = places.find(isExecutable);
  if (!installed) throw new Error(`apt-get installed redis-server but no executable was found; install it by hand: ${INSTALL_COMMAND}`);
  log(`installed ${installed} in ${Math.round((Date.now() - started) / 1000)} s`);
  return installed;
}

export interface RedisServer {
  readonly url: string;
  stop(): Promise<void>;
}

/** Starts a server with no persistence and resolves once it accepts connections. */
export async function startRedisServer(binary: string, port: number): Promise<RedisServer> {
  const child = spawn(binary, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'yes'], { stdio: ['ignore', 'pipe', 'pipe'] });
  await readyOrExit(child);
  return {
    url: `redis://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

function readyOrExit(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let tail = '';
    const onData = (chunk: Buffer) => {
      tail = (tail + chunk.toString()).slice(-4000);
      if (tail.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        child.stderr?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (tail = (tail + chunk.toString()).slice(-4000)));
    child.once('exit', (code, signal) => reject(new Error(`redis-server exited during start (${code ?? signal}):\n${tail.trim()}`)));
  });
}
