import type { MiddlewareHandler } from 'hono';
import type { LocalKeys } from './keys.js';

/**
 * The hosted gateway (Kong key-auth) refuses requests to /auth/v1 and /rest/v1 without a valid
 * `apikey` header or query parameter; the stand-in does the same so a client that forgets the key
 * fails here as it would in production.
 */
export function requireApiKey(keys: LocalKeys, isOpen: (path: string) => boolean = () => false): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'OPTIONS' || isOpen(c.req.path)) return next();
    const key = c.req.header('apikey') ?? c.req.query('apikey');
    if (!key) {
      return c.json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401);
    }
    if (keys.roleOfApiKey(key) === null) {
      return c.json({ message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }, 401);
    }
    return next();
  };
}
