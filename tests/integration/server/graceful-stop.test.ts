// A graceful stop as a load balancer sees it: the app server as a process of its own gets SIGTERM;
// for SHUTDOWN_DRAIN_MS it answers GET /api/health with 503 (draining) while it serves every other
// route as usual, then it stops taking connections and exits cleanly.
import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { killAppServerProcesses, spawnAppServer } from '../../support/app-server-process.js';
import { freePort } from '../../support/stack-script.js';

afterAll(() => killAppServerProcesses());

describe('graceful stop', () => {
  it('on SIGTERM the health check answers 503 through the drain while other routes are served; then the server exits 0 and takes no connection', async () => {
    const server = await spawnAppServer({
      PORT: String(await freePort()),
      // Memory data (no service role key): nothing here needs a database.
      SUPABASE_URL: 'http://127.0.0.1:9',
      SUPABASE_ANON_KEY: 'anon-key-for-tests',
      SUPABASE_JWT_SECRET: randomBytes(32).toString('hex'),
      AUTH_SESSION_CHECK_MS: '0',
      SHUTDOWN_DRAIN_MS: '3000',
    });
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok' });

    server.kill('SIGTERM');
    expect(await server.waitForLog('stopping: draining')).toMatchObject({ drainMs: 3000, running: 0 });
    const draining = await fetch(`${server.url}/api/health`);
    expect(draining.status).toBe(503);
    expect(draining.headers.get('cache-control')).toBe('no-store');
    expect(await draining.json()).toEqual({ status: 'draining' });
    expect((await fetch(`${server.url}/api/health`, { method: 'HEAD' })).status).toBe(503);
    const config = await fetch(`${server.url}/api/config`);
    expect(config.status).toBe(200);
    expect(await config.json()).toMatchObject({ supabaseUrl: 'http://127.0.0.1:9' });

    expect(await server.exited).toEqual({ code: 0, signal: null });
    await expect(fetch(`${server.url}/api/health`)).rejects.toThrow();
  });
});
