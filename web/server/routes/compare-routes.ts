import { Hono } from 'hono';
import type { z } from 'zod';
import { DEFAULT_LEADERBOARD_PERIOD, leaderboardCsv } from '../../../core/chat/index.js';
import { conversationIdParam, leaderboardQuery, voteParams, voteRequest, type leaderboardAnswer, type voteAnswer, type votesAnswer } from '../../../adapters/api-contract/api-contract.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

/**
 * Blind compare: PUT /api/conversations/:id/turns/:messageId/vote (the best answer of a turn, or
 * with kind 'continue' the model the user goes on with), GET /api/conversations/:id/votes, and the
 * caller's own leaderboard, GET /api/leaderboard?period and GET /api/leaderboard.csv?period.
 * Someone else's conversation or turn reads as 404.
 */
export function compareRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.put('/conversations/:id/turns/:messageId/vote', async (c) => {
    const params = checked(c, voteParams, c.req.param(), 'turn');
    if (!params.ok) return params.response;
    const body = await jsonBody(c, voteRequest);
    if (!body.ok) return body.response;
    const recorded = await c.get('useCases').recordCompareVote({ conversationId: params.data.id, messageId: params.data.messageId, ...body.data });
    return recorded.success ? c.json({ vote: recorded.data } satisfies z.input<typeof voteAnswer>) : domainFailure(c, recorded.error);
  });

  routes.get('/conversations/:id/votes', async (c) => {
    const params = checked(c, conversationIdParam, c.req.param(), 'conversation');
    if (!params.ok) return params.response;
    const listed = await c.get('useCases').listCompareVotes({ conversationId: params.data.id });
    return listed.success ? c.json({ votes: listed.data } satisfies z.input<typeof votesAnswer>) : domainFailure(c, listed.error);
  });

  routes.get('/leaderboard', async (c) => {
    const query = checked(c, leaderboardQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const period = query.data.period ?? DEFAULT_LEADERBOARD_PERIOD;
    const board = await c.get('useCases').listLeaderboard({ period });
    return board.success ? c.json({ period, rows: board.data } satisfies z.input<typeof leaderboardAnswer>) : domainFailure(c, board.error);
  });

  routes.get('/leaderboard.csv', async (c) => {
    const query = checked(c, leaderboardQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const period = query.data.period ?? DEFAULT_LEADERBOARD_PERIOD;
    const [board, models] = await Promise.all([c.get('useCases').listLeaderboard({ period }), c.get('useCases').listModels()]);
    if (!board.success) return domainFailure(c, board.error);
    const labels = new Map((models.success ? models.data : []).map((m) => [m.id, m.label]));
    return c.body(leaderboardCsv(board.data, (id) => labels.get(id) ?? id), 200, {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="ensemble-leaderboard-${period}.csv"`,
      'cache-control': 'no-store',
    });
  });

  return routes;
}
