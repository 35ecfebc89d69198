import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError } from '../../engine/errors.js';
import { isUuid } from '../../engine/ids.js';
import { json } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { createAccessToken } from '../organizations/service.js';

const faultBody = z.strictObject({
  rate429: z.number().min(0).max(1).optional(),
  rate5xx: z.number().min(0).max(1).optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  retryAfterSeconds: z.number().int().min(0).optional(),
});

/**
 * Sandbox-only control routes under `/__sandbox/` (a path the real API does not use). They take no
 * credentials: the sandbox listens on localhost for development and tests only.
 */
export function registerControl(app: Hono, ctx: SandboxContext): void {
  app.get('/__sandbox/health', () => json({ status: 'ok', now: ctx.now() }));

  app.get('/__sandbox/faults', () => json(ctx.faults.config));
  app.put('/__sandbox/faults', async (c) => {
    ctx.faults.set(await parseBody(c.req.raw, faultBody));
    return json(ctx.faults.config);
  });

  /** Mints another organization access token (e.g. for an organization created over the API). */
  app.post('/__sandbox/access-tokens', async (c) => {
    const body = await parseBody(c.req.raw, z.object({ organization_id: z.string().refine(isUuid, 'Input should be a valid UUID') }));
    if (ctx.db.organizations.get(body.organization_id) === undefined) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    const token = ctx.store.transaction(() => createAccessToken(ctx, body.organization_id, 'control'));
    return json({ token: token.token, organization_id: token.organization_id }, 201);
  });
}
