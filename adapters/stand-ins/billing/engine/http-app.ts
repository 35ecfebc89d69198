import { Hono } from 'hono';
import { SandboxHttpError } from './errors.js';
import type { FaultController } from './faults.js';
import { addHeader, json } from './respond.js';

const API_VERSIONS = ['2026-04', '2026-10', '2027-01'];
const DEFAULT_API_VERSION = '2026-04';

/**
 * The Hono app every module registers on: trailing slashes are optional (`/v1/products/` and
 * `/v1/products` are the same route), expected failures become the provider's bodies, anything
 * else is a logged 500 (which the tests treat as a bug).
 */
export function createHttpApp(faults: FaultController, log: (line: string) => void): Hono {
  const app = new Hono({ strict: false });
  app.use(faults.middleware());
  app.use('/v1/*', async (c, next) => {
    // API versions: unknown -> FastAPI's 404, otherwise echoed (default 2026-04)
    const version = c.req.header('polar-version') ?? DEFAULT_API_VERSION;
    if (!API_VERSIONS.includes(version)) return json({ detail: 'Not Found' }, 404);
    await next();
    addHeader(c.res, 'polar-version', version);
  });
  app.onError((error) => {
    if (error instanceof SandboxHttpError) {
      return error.body === undefined
        ? new Response(null, { status: error.status, headers: error.headers })
        : json(error.body, error.status, error.headers);
    }
    log(`billing sandbox: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return json({ error: 'InternalServerError', detail: 'Internal Server Error' }, 500);
  });
  // FastAPI's answer for an unknown route.
  app.notFound(() => json({ detail: 'Not Found' }, 404));
  return app;
}
