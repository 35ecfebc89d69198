import { Hono } from 'hono';
import { z } from 'zod';
import { conversationIdParam, shareTokenParam, type shareAnswer, type sharedConversationAnswer } from '../../../adapters/api-contract/api-contract.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv, ServerUseCaseSource } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

const emptyBody = z.strictObject({});

/** /api/conversations/:id/share: the caller's read-only link for one of their conversations. */
export function shareRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/:id/share', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const found = await c.get('useCases').getConversationShare({ conversationId: params.data.id });
    return found.success ? c.json({ share: found.data } satisfies z.input<typeof shareAnswer>) : domainFailure(c, found.error);
  });

  routes.post('/:id/share', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, emptyBody);
    if (!body.ok) return body.response;
    const shared = await c.get('useCases').shareConversation({ conversationId: params.data.id });
    return shared.success ? c.json({ share: shared.data } satisfies z.input<typeof shareAnswer>, 201) : domainFailure(c, shared.error);
  });

  routes.delete('/:id/share', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const revoked = await c.get('useCases').revokeConversationShare({ conversationId: params.data.id });
    return revoked.success ? c.body(null, 204) : domainFailure(c, revoked.error);
  });

  return routes;
}

/**
 * GET /api/shared/:token, public: the title and messages of a shared conversation, nothing else of
 * its owner. Never indexed by search engines, never cached by shared caches (a revoke ends it at once).
 */
export function sharedRoutes(useCases: ServerUseCaseSource): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:token', async (c) => {
    c.header('X-Robots-Tag', 'noindex, nofollow');
    c.header('Cache-Control', 'private, no-store');
    const params = checked(c, shareTokenParam, c.req.param(), 'link');
    if (!params.ok) return params.response;
    const opened = await useCases.shared.openSharedConversation({ token: params.data.token });
    return opened.success ? c.json(opened.data satisfies z.input<typeof sharedConversationAnswer>) : domainFailure(c, opened.error);
  });
  return routes;
}
