import { Hono } from 'hono';
import {
  conversationIdParam,
  conversationListQuery,
  conversationPageQuery,
  createConversationRequest,
  pinConversationRequest,
  renameConversationRequest,
  saveSettingsRequest,
  showMessageParams,
  showMessageRequest,
  type conversationAnswer,
  type settingsAnswer,
  type conversationListAnswer,
  type messagesAnswer,
  type openConversationAnswer,
  type shownPageAnswer,
} from '../../../adapters/api-contract/api-contract.js';
import type { z } from 'zod';
import { packWeights, type ChatRunRelay } from '../../../core/chat/index.js';
import { domainFailure } from '../http/api-error.js';
import { exportFileBody } from '../http/export-file.js';
import type { AppEnv } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

/**
 * /api/conversations (schemas in api-contract.ts): the caller's own conversations and their
 * settings; someone else's reads as 404. Opening one answers, in one round trip, all the chat view
 * draws: a page of whole turns of its visible path (the latest, or before, after or around a message of
 * it) with the weights of every message of the path (packed), its settings, its votes, and which run of
 * it is still being answered (on any server), so a reloaded page resumes it.
 */
export function conversationRoutes(relay: ChatRunRelay): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const query = checked(c, conversationListQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const { q, limit, after } = query.data;
    const listed = await c.get('useCases').listConversations({ ...(q ? { query: q } : {}), ...(limit ? { limit } : {}), ...(after === undefined ? {} : { after }) });
    return listed.success ? c.json({ conversations: listed.data } satisfies z.input<typeof conversationListAnswer>) : domainFailure(c, listed.error);
  });

  // Before '/:id': "export" is no conversation id.
  routes.get('/export', async (c) => {
    const exported = await c.get('useCases').exportConversations();
    if (!exported.success) return domainFailure(c, exported.error);
    const entries = exported.data[Symbol.asyncIterator]();
    const first = await entries.next();
    if (!first.done && !first.value.success) return domainFailure(c, first.value.error);
    const now = new Date();
    const failed = (message: string) => c.get('logger').error('The export of the conversations stopped part way; the download fails', { error: message });
    return c.body(exportFileBody(first, entries, now, failed), 200, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Disposition': `attachment; filename="ensemble-chats-${now.toISOString().slice(0, 10)}.json"`,
      'Cache-Control': 'no-store',
      'Transfer-Encoding': 'chunked',
    });
  });

  routes.post('/', async (c) => {
    const body = await jsonBody(c, createConversationRequest);
    if (!body.ok) return body.response;
    const created = await c.get('useCases').createConversation(body.data.title ? { title: body.data.title } : {});
    return created.success ? c.json({ conversation: created.data } satisfies z.input<typeof conversationAnswer>, 201) : domainFailure(c, created.error);
  });

  routes.get('/:id', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const query = checked(c, conversationPageQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const conversationId = params.data.id;
    const useCases = c.get('useCases');
    // Everything the chat view draws, read side by side. The running answer is looked for before the
    // messages: a run found ended has stored its answers, so the messages read next hold them (one
    // found live may have ended since; the client reads it again).
    const [[live, opened], settings, votes] = await Promise.all([
      relay.liveRunOf(c.get('user').id, conversationId).then(async (found) => [found, await useCases.openConversation({ conversationId, ...query.data })] as const),
      useCases.getConversationSettings({ conversationId }),
      useCases.listCompareVotes({ conversationId }),
    ]);
    if (!opened.success) return domainFailure(c, opened.error);
    if (!settings.success) return domainFailure(c, settings.error);
    if (!votes.success) return domainFailure(c, votes.error);
    // The conversation still opens when the run log cannot be read; its running answer shows once it ends.
    if (!live.success) c.get('logger').warn('Could not look for a running answer of a conversation', { conversationId, error: live.error });
    const { weights, ...page } = opened.data;
    return c.json({
      ...page, weights: packWeights(weights), settings: settings.data, votes: votes.data, liveRun: live.success ? live.data : null,
    } satisfies z.input<typeof openConversationAnswer>);
  });

  routes.get('/:id/messages', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const listed = await c.get('useCases').listMessages({ conversationId: params.data.id });
    return listed.success ? c.json({ messages: listed.data } satisfies z.input<typeof messagesAnswer>) : domainFailure(c, listed.error);
  });

  routes.post('/:id/messages/:messageId/show', async (c) => {
    const params = checked(c, showMessageParams, c.req.param(), 'message');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, showMessageRequest);
    if (!body.ok) return body.response;
    const { id: conversationId, messageId } = params.data;
    const shown = await c.get('useCases').showMessage({ conversationId, messageId, ...(body.data.version === undefined ? {} : { version: body.data.version }) });
    if (!shown.success) return domainFailure(c, shown.error);
    const { messages, older, newer, weights } = shown.data;
    return c.json({ messages, page: { older, newer }, weights: packWeights(weights) } satisfies z.input<typeof shownPageAnswer>);
  });

  routes.get('/:id/settings', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const found = await c.get('useCases').getConversationSettings({ conversationId: params.data.id });
    return found.success ? c.json({ settings: found.data } satisfies z.input<typeof settingsAnswer>) : domainFailure(c, found.error);
  });

  routes.put('/:id/settings', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, saveSettingsRequest);
    if (!body.ok) return body.response;
    const saved = await c.get('useCases').saveConversationSettings({ conversationId: params.data.id, settings: body.data.settings });
    return saved.success ? c.json({ settings: saved.data } satisfies z.input<typeof settingsAnswer>) : domainFailure(c, saved.error);
  });

  routes.patch('/:id', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, renameConversationRequest);
    if (!body.ok) return body.response;
    const renamed = await c.get('useCases').renameConversation({ conversationId: params.data.id, title: body.data.title });
    return renamed.success ? c.json({ conversation: renamed.data } satisfies z.input<typeof conversationAnswer>) : domainFailure(c, renamed.error);
  });

  routes.put('/:id/pin', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, pinConversationRequest);
    if (!body.ok) return body.response;
    const pinned = await c.get('useCases').pinConversation({ conversationId: params.data.id, pinned: body.data.pinned });
    return pinned.success ? c.json({ conversation: pinned.data } satisfies z.input<typeof conversationAnswer>) : domainFailure(c, pinned.error);
  });

  routes.delete('/:id', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const deleted = await c.get('useCases').deleteConversation({ conversationId: params.data.id });
    return deleted.success ? c.body(null, 204) : domainFailure(c, deleted.error);
  });

  return routes;
}
