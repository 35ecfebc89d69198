import { Hono } from 'hono';
import { z } from 'zod';
import { titleSchema } from '../../../core/domain/chat-rules.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

const listQuery = z.strictObject({
  q: z.string().trim().max(200, 'must contain at most 200 characters').optional(),
  limit: z.coerce.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(100, 'must be at most 100').optional(),
});
const createBody = z.strictObject({ title: titleSchema.optional() });
const renameBody = z.strictObject({ title: titleSchema });
const idParam = z.object({ id: z.string().trim().min(1, 'must not be empty').max(200, 'is too long') });

/** /api/conversations: the caller's own conversations; someone else's reads as 404. */
export function conversationRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/', async (c) => {
    const query = checked(c, listQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const { q, limit } = query.data;
    const listed = await c.get('useCases').listConversations({ ...(q ? { query: q } : {}), ...(limit ? { limit } : {}) });
    return listed.success ? c.json({ conversations: listed.data }) : domainFailure(c, listed.error);
  });

  routes.post('/', async (c) => {
    const body = await jsonBody(c, createBody);
    if (!body.ok) return body.response;
    const created = await c.get('useCases').createConversation(body.data.title ? { title: body.data.title } : {});
    return created.success ? c.json({ conversation: created.data }, 201) : domainFailure(c, created.error);
  });

  routes.get('/:id', async (c) => {
    const params = checked(c, idParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const opened = await c.get('useCases').openConversation({ conversationId: params.data.id });
    return opened.success ? c.json(opened.data) : domainFailure(c, opened.error);
  });

  routes.get('/:id/messages', async (c) => {
    const params = checked(c, idParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const opened = await c.get('useCases').openConversation({ conversationId: params.data.id });
    return opened.success ? c.json({ messages: opened.data.messages }) : domainFailure(c, opened.error);
  });

  routes.patch('/:id', async (c) => {
    const params = checked(c, idParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, renameBody);
    if (!body.ok) return body.response;
    const renamed = await c.get('useCases').renameConversation({ conversationId: params.data.id, title: body.data.title });
    return renamed.success ? c.json({ conversation: renamed.data }) : domainFailure(c, renamed.error);
  });

  routes.delete('/:id', async (c) => {
    const params = checked(c, idParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const deleted = await c.get('useCases').deleteConversation({ conversationId: params.data.id });
    return deleted.success ? c.body(null, 204) : domainFailure(c, deleted.error);
  });

  return routes;
}
