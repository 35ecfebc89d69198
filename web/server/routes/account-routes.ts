import { creditsQuery, type accountAnswer, type creditsAnswer } from '../../../adapters/api-contract/api-contract.js';
import { Hono } from 'hono';
import type { z } from 'zod';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { checked } from '../http/validate.js';

/** GET /api/credits (balance and ledger, newest first) and GET /api/account (subscription, flag, credits). */
export function accountRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.get('/credits', async (c) => {
    const query = checked(c, creditsQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const useCases = c.get('useCases');
    const [balance, history] = await Promise.all([
      useCases.getCreditBalance(),
      useCases.listCreditHistory(query.data.limit ? { limit: query.data.limit } : {}),
    ]);
    if (!balance.success) return domainFailure(c, balance.error);
    if (!history.success) return domainFailure(c, history.error);
    return c.json({ balance: balance.data, history: history.data } satisfies z.input<typeof creditsAnswer>);
  });

  routes.get('/account', async (c) => {
    const status = await c.get('useCases').getAccountStatus();
    return status.success ? c.json(status.data satisfies z.input<typeof accountAnswer>) : domainFailure(c, status.error);
  });

  return routes;
}
