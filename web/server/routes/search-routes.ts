import { Hono } from 'hono';
import type { z } from 'zod';
import { presetIdParam, savePresetRequest, searchQuery, type presetAnswer, type presetsAnswer, type searchAnswer } from '../../../adapters/api-contract/api-contract.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

/** GET /api/search?q&lang&limit: full-text search over the caller's own conversations. */
export function searchRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const query = checked(c, searchQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const { q, lang, limit } = query.data;
    const found = await c.get('useCases').searchConversations({ query: q, ...(lang ? { language: lang } : {}), ...(limit ? { limit } : {}) });
    return found.success ? c.json({ hits: found.data } satisfies z.input<typeof searchAnswer>) : domainFailure(c, found.error);
  });
  return routes;
}

/** /api/instruction-presets: the caller's saved system instructions (list, save by name, delete). */
export function presetRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/', async (c) => {
    const listed = await c.get('useCases').listInstructionPresets();
    return listed.success ? c.json({ presets: listed.data } satisfies z.input<typeof presetsAnswer>) : domainFailure(c, listed.error);
  });
  routes.post('/', async (c) => {
    const body = await jsonBody(c, savePresetRequest);
    if (!body.ok) return body.response;
    const saved = await c.get('useCases').saveInstructionPreset(body.data);
    return saved.success ? c.json({ preset: saved.data } satisfies z.input<typeof presetAnswer>, 201) : domainFailure(c, saved.error);
  });
  routes.delete('/:id', async (c) => {
    const params = checked(c, presetIdParam, c.req.param(), 'preset');
    if (!params.ok) return params.response;
    const deleted = await c.get('useCases').deleteInstructionPreset({ presetId: params.data.id });
    return deleted.success ? c.body(null, 204) : domainFailure(c, deleted.error);
  });
  return routes;
}
