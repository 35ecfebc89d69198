// Global setup of the Redis lane of `npm test`: a real Redis server (installed from Debian's
// packages when missing), one for the run; test files reach it through ENSEMBLE_TEST_REDIS_URL and
// keep to key prefixes of their own.
import { setupLog } from './debian-packages.js';
import { freePort } from './free-port.js';
import { provisionRedis, startRedisServer } from './redis-server.js';

export default async function setup(): Promise<() => Promise<void>> {
  const binary = provisionRedis();
  const started = Date.now();
  const server = await startRedisServer(binary, await freePort());
  setupLog(`Redis up at ${server.url} in ${Date.now() - started} ms`);
  process.env['ENSEMBLE_TEST_REDIS_URL'] = server.url;
  return () => server.stop();
}
