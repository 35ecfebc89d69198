import { creditsQuery, spendingCapBody, type accountAnswer, type creditsAnswer, type spendingCapAnswer } from '../../../adapters/api-contract/api-contract.js';
import { Hono } from 'hono';
import type { z } from 'zod';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

/**
 * GET /api/credits (balance and ledger, newest first), GET /api/account (subscription, flag, credits),
 * and GET/PUT /api/account/spending-cap (the caller's monthly cap, spent this month and what remains).
 */
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

  routes.get('/account/spending-cap', async (c) => {
    const cap = await c.get('useCases').getSpendingCap();
    return cap.success ? c.json(cap.data satisfies z.input<typeof spendingCapAnswer>) : domainFailure(c, cap.error);
  });

  routes.put('/account/spending-cap', async (c) => {
    const body = await jsonBody(c, spendingCapBody);
    if (!body.ok) return body.response;
    const cap = await c.get('useCases').setSpendingCap(body.data);
    return cap.success ? c.json(cap.data satisfies z.input<typeof spendingCapAnswer>) : domainFailure(c, cap.error);
  });

  return routes;
}
