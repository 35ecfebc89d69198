import type { MiddlewareHandler } from 'hono';
import { requestId } from 'hono/request-id';
import type { Logger } from '../../../core/shared/index.js';
import type { AppEnv } from './app-env.js';

/**
 * Hono's requestId: the caller's X-Request-Id when it is at most 100 letters, digits, `_`, `-` or `=`
 * (anything else could forge a log line), otherwise a new UUID; set as `requestId` for every log line
 * of the request and sent back as X-Request-Id on every answer.
 */
export const requestIds = (): MiddlewareHandler<AppEnv> => requestId({ limitLength: 100 });

/** Gives the request its logger, and logs one line for it once it has been answered. */
export function requestLog(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    c.set('logger', logger);
    await next();
    logger.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: c.req.path,
      status: c.res.status,
      ms: Math.round((performance.now() - started) * 10) / 10,
      userId: c.get('user')?.id,
    });
  };
}
