import { Hono, type Context } from 'hono';
import { chatRequest, editLastRequest, mergeRequest, NDJSON_CONTENT_TYPE, regenerateRequest } from '../../../adapters/app-api/api-contract.js';
import type { Result } from '../../../core/shared/result.js';
import type { ChatRun } from '../../../core/use-cases/support/chat-answers.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { chatRunBody } from '../http/chat-stream.js';
import { jsonBody } from '../http/validate.js';

/**
 * POST /api/chat, /api/chat/regenerate, /api/chat/edit-last, /api/chat/merge (schemas in api-contract.ts): each
 * answers an NDJSON stream (see chat-stream.ts), or a JSON error before any model runs (402 short
 * of credits, 403 paid model without subscription, 404 unknown model or a conversation that is not
 * the caller's, 409 another turn of that conversation still running, 400 bad body).
 */
export function chatRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  const stream = async (c: Context<AppEnv>, start: (signal: AbortSignal) => Promise<Result<ChatRun>>) => {
    const abort = new AbortController();
    // The client going away before the body starts is noticed here; after, the body's cancel() aborts.
    const onGone = () => abort.abort();
    c.req.raw.signal.addEventListener('abort', onGone, { once: true });
    const run = await start(abort.signal);
    if (!run.success) {
      c.req.raw.signal.removeEventListener('abort', onGone);
      return domainFailure(c, run.error);
    }
    void run.data.settled.then(() => c.req.raw.signal.removeEventListener('abort', onGone));
    return new Response(chatRunBody(run.data, abort, c.get('logger')), {
      status: 200,
      // Chunked from the start: @hono/node-server otherwise probes the body for a length, waiting a timer tick.
      headers: { 'Content-Type': NDJSON_CONTENT_TYPE, 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no', 'Transfer-Encoding': 'chunked' },
    });
  };

  routes.post('/', async (c) => {
    const body = await jsonBody(c, chatRequest);
    if (!body.ok) return body.response;
    return stream(c, (signal) => c.get('useCases').runChat({ ...stripUndefined(body.data), signal }));
  });

  routes.post('/regenerate', async (c) => {
    const body = await jsonBody(c, regenerateRequest);
    if (!body.ok) return body.response;
    return stream(c, (signal) => c.get('useCases').regenerateAnswer({ ...stripUndefined(body.data), signal }));
  });

  routes.post('/edit-last', async (c) => {
    const body = await jsonBody(c, editLastRequest);
    if (!body.ok) return body.response;
    return stream(c, (signal) => c.get('useCases').editLastMessage({ ...stripUndefined(body.data), signal }));
  });

  routes.post('/merge', async (c) => {
    const body = await jsonBody(c, mergeRequest);
    if (!body.ok) return body.response;
    return stream(c, (signal) => c.get('useCases').mergeAnswers({ ...body.data, signal }));
  });

  return routes;
}

// exactOptionalPropertyTypes-friendly: the use cases take absent, not undefined, options.
function stripUndefined<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
