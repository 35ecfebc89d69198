import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { chatRequest, chatRunIdParam, conversationIdParam, editLastRequest, mergeRequest, regenerateRequest, resumeQuery, stopRunRequest, summaryRequest, type stopRunAnswer } from '../../../adapters/api-contract/api-contract.js';
import type { Result } from '../../../core/shared/index.js';
import { SESSION_ENDED, type ChatRun, type ChatRunRelay } from '../../../core/chat/index.js';
import { apiError, domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { ndjsonResponse, runStreamBody } from '../http/chat-stream.js';
import { checked, jsonBody } from '../http/validate.js';

/**
 * POST /api/chat, /api/chat/regenerate, /api/chat/edit-last, /api/chat/merge (schemas in api-contract.ts): each
 * answers an NDJSON stream (see chat-stream.ts), or a JSON error before any model runs (402 short
 * of credits, 403 paid model without subscription, 404 unknown model or a conversation that is not
 * the caller's, 409 another turn of that conversation still running, 400 bad body). An accepted run
 * belongs to the relay from then on: it goes on when the client goes away, any server resumes it
 * (GET /api/chat/runs/:runId/events?after=N) and any server stops it (POST …/stop).
 */
export function chatRoutes(relay: ChatRunRelay): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const stream = runStream(relay);

  routes.post('/', async (c) => {
    const body = await jsonBody(c, chatRequest);
    if (!body.ok) return (await c.get('sessionInWrite')?.refusal()) ?? body.response;
    const sessionId = c.get('sessionInWrite')?.sessionId;
    return stream(c, (signal) => c.get('useCases').runChat({ ...stripUndefined(body.data), ...(sessionId ? { sessionId } : {}), signal }));
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

  // A malformed id names no run of anyone's: the same 404 as another user's run.
  const runId = (c: Context<AppEnv>): string | null => chatRunIdParam.safeParse(c.req.param()).data?.runId ?? null;
  const noSuchRun = (c: Context<AppEnv>) => apiError(c, 404, 'not_found', `There is no chat run ${c.req.param('runId') ?? ''} of yours (it may have expired)`);

  routes.get('/runs/:runId/events', async (c) => {
    const id = runId(c);
    if (id === null) return noSuchRun(c);
    const query = checked(c, resumeQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const reading = new AbortController();
    const opened = await relay.open(c.get('user').id, id, query.data.after ?? 0, reading.signal);
    if (!opened.success) return domainFailure(c, opened.error);
    return ndjsonResponse(c, runStreamBody(opened.data, reading));
  });

  routes.post('/runs/:runId/stop', async (c) => {
    const id = runId(c);
    if (id === null) return noSuchRun(c);
    // No body: the whole run. A JSON body may name one model: that column alone.
    let modelId: string | undefined;
    if ((c.req.header('content-type') ?? '') !== '' || Number(c.req.header('content-length') ?? '0') > 0) {
      const body = await jsonBody(c, stopRunRequest);
      if (!body.ok) return body.response;
      modelId = body.data.modelId;
    }
    const stopped = await relay.stop(c.get('user').id, id, modelId);
    return stopped.success ? c.json({ runId: id, stopping: true } satisfies z.input<typeof stopRunAnswer>, 202) : domainFailure(c, stopped.error);
  });

  return routes;
}

/**
 * Answers a run a use case starts as the chat stream (NDJSON, see chat-stream.ts), or the use
 * case's refusal as a JSON error before any model runs. An accepted run belongs to the relay.
 */
const runStream =
  (relay: ChatRunRelay) =>
  async (c: Context<AppEnv>, start: (signal: AbortSignal) => Promise<Result<ChatRun>>) => {
    const abort = new AbortController();
    // A client gone before the run is accepted has asked for nothing: the run starts stopped.
    const onGone = () => abort.abort();
    c.req.raw.signal.addEventListener('abort', onGone, { once: true });
    const run = await start(abort.signal);
    c.req.raw.signal.removeEventListener('abort', onGone);
    // The caller's session, when the write was to check it: what the write found, or (refused before
    // any write) what Supabase Auth says, comes before the route's own answer.
    const inWrite = c.get('sessionInWrite');
    if (inWrite) {
      const ended = !run.success && run.error.code === 'not_authenticated' && run.error.details?.['reason'] === SESSION_ENDED;
      const refused = run.success || ended ? inWrite.settle(!ended) : await inWrite.refusal();
      if (refused) return refused;
    }
    if (!run.success) return domainFailure(c, run.error);
    const reading = new AbortController();
    const published = relay.publish(c.get('user').id, run.data, () => abort.abort(), reading.signal);
    return ndjsonResponse(c, runStreamBody(published, reading));
  };

/**
 * POST /api/conversations/:id/summary (body: summaryRequest): a new conversation from a summary of
 * the caller's conversation :id, answered as the chat stream whose `meta` names the new conversation
 * (the same refusals as /api/chat: 402, 403, 404 for a conversation that is not the caller's or an
 * unknown model, 409 while :id is being answered, 400 bad body).
 */
export function summaryRoutes(relay: ChatRunRelay): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const stream = runStream(relay);
  routes.post('/:id/summary', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, summaryRequest);
    if (!body.ok) return body.response;
    return stream(c, (signal) => c.get('useCases').summarizeConversation({ conversationId: params.data.id, ...body.data, signal }));
  });
  return routes;
}

// exactOptionalPropertyTypes-friendly: the use cases take absent, not undefined, options.
function stripUndefined<T extends Record<string, unknown>>(value: T): { [K in keyof T]: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as { [K in keyof T]: Exclude<T[K], undefined> };
}
