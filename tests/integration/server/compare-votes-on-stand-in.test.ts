// Blind compare from outside: the app server on the Supabase stand-in (PGlite, the service role, the
// real migrations), called over HTTP as the browser calls it, by the owner and by a hostile second
// user. Every check reads the database itself.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ OFFLINE_MODEL_TOKEN_DELAY_MS: '1', RATE_LIMIT_BURST: '200' })), 60_000);
afterAll(() => close?.());

const signedUp = () => signUpOnStandIn(supabase, server.url, { tag: 'vote', credits: 10_000 });
const rows = <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const votesOf = (userId: string) =>
  rows<{ message_id: string; kind: string; winner_model_id: string; blind: boolean; models: string[] }>(
    'select message_id, kind, winner_model_id, blind, models from public.compare_votes where user_id = $1 order by kind', [userId]);

/** A side-by-side turn answered by the offline models; its conversation and the question's id. */
async function compared(user: Awaited<ReturnType<typeof signedUp>>, modelIds = ['offline', 'offline-brief']) {
  const lines = await readNdjson(await user.call('POST', '/api/chat', { message: 'Which lighthouse is tallest?', modelIds }));
  const conversationId = lines[0]?.['conversationId'] as string;
  const [question] = await rows<{ id: string }>("select id from public.messages where conversation_id = $1 and role = 'user' order by seq desc limit 1", [conversationId]);
  return { conversationId, messageId: question?.id as string };
}

describe('votes and the leaderboard on the stand-in', () => {
  it('a blind vote is stored with the turn\'s models, reads back, and counts on the leaderboard with the answers\' own figures', async () => {
    const alice = await signedUp();
    const { conversationId, messageId } = await compared(alice);
    const voted = await alice.call('PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline-brief', blind: true });
    expect(voted.status).toBe(200);
    expect(await voted.json()).toMatchObject({ vote: { conversationId, messageId, kind: 'vote', modelId: 'offline-brief', blind: true, models: ['offline', 'offline-brief'] } });
    expect(await votesOf(alice.userId)).toEqual([{ message_id: messageId, kind: 'vote', winner_model_id: 'offline-brief', blind: true, models: ['offline', 'offline-brief'] }]);
    const listed = (await (await alice.call('GET', `/api/conversations/${conversationId}/votes`)).json()) as { votes: { modelId: string }[] };
    expect(listed.votes.map((v) => v.modelId)).toEqual(['offline-brief']);

    const answers = await rows<{ model_id: string; credits_charged: number; first_token_ms: number }>(
      "select model_id, credits_charged, first_token_ms from public.messages where conversation_id = $1 and role = 'assistant'", [conversationId]);
    const brief = answers.find((a) => a.model_id === 'offline-brief');
    const offline = answers.find((a) => a.model_id === 'offline');
    const board = await (await alice.call('GET', '/api/leaderboard?period=30d')).json();
    expect(board).toEqual({
      period: '30d',
      rows: [
        { modelId: 'offline-brief', comparisons: 1, wins: 1, winRate: 1, creditsPerWin: brief?.credits_charged, medianFirstTokenMs: brief?.first_token_ms },
        { modelId: 'offline', comparisons: 1, wins: 0, winRate: 0, creditsPerWin: null, medianFirstTokenMs: offline?.first_token_ms },
      ],
    });

    // "Continue with this model" is kept beside the vote; voting again on the turn replaces the vote.
    expect((await alice.call('PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline', kind: 'continue' })).status).toBe(200);
    expect((await alice.call('PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline' })).status).toBe(200);
    expect((await votesOf(alice.userId)).map((v) => [v.kind, v.winner_model_id, v.blind])).toEqual([['continue', 'offline', false], ['vote', 'offline', false]]);
  });

  it('the CSV export has a header row and one line per model, as an attachment', async () => {
    const alice = await signedUp();
    const { conversationId, messageId } = await compared(alice);
    await alice.call('PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline' });
    const csv = await alice.call('GET', '/api/leaderboard.csv?period=all');
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="ensemble-leaderboard-all.csv"');
    const lines = (await csv.text()).trimEnd().split('\r\n');
    expect(lines[0]).toBe('model_id,model,wins,comparisons,win_rate,credits_per_win,median_first_token_ms');
    // Labels with a comma are quoted; the figures follow them.
    expect(lines.slice(1).map((l) => [l.slice(0, l.indexOf(',')), ...l.split(',').slice(-5, -2)])).toEqual([['offline', '1', '1', '1.0000'], ['offline-brief', '0', '1', '0.0000']]);
    expect(lines[1]).toMatch(/^offline,"[^"]+, no network\)",1,1,1\.0000,\d+\.00,\d+$/);
  });

  it('the period counts only the votes made within it', async () => {
    const alice = await signedUp();
    const { conversationId, messageId } = await compared(alice);
    await alice.call('PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline' });
    await rows("update public.compare_votes set created_at = now() - interval '40 days' where user_id = $1", [alice.userId]);
    const winsOver = async (period: string) => ((await (await alice.call('GET', `/api/leaderboard?period=${period}`)).json()) as { rows: { wins: number }[] }).rows.reduce((n, r) => n + r.wins, 0);
    expect([await winsOver('7d'), await winsOver('30d'), await winsOver('90d'), await winsOver('all')]).toEqual([0, 0, 1, 1]);
  });

  it('bad bodies and queries are a 400 naming what is wrong, and nothing is stored', async () => {
    const alice = await signedUp();
    const { conversationId, messageId } = await compared(alice);
    const path = `/api/conversations/${conversationId}/turns/${messageId}/vote`;
    for (const [body, message] of [
      [{}, /modelId/],
      [{ modelId: '' }, /modelId: must not be empty/],
      [{ modelId: 'offline', blind: 'yes' }, /blind: must be true or false/],
      [{ modelId: 'offline', kind: 'favourite' }, /kind: must be one of vote, continue/],
      [{ modelId: 'offline', extra: 1 }, /extra/],
      [{ modelId: 'gpt-elsewhere' }, /did not answer in this turn/],
    ] as const) {
      const response = await alice.call('PUT', path, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(message);
    }
    const bad = await alice.call('GET', '/api/leaderboard?period=1y');
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toMatch(/period: must be one of 7d, 30d, 90d, all/);
    expect((await alice.call('GET', '/api/leaderboard.csv?period=forever')).status).toBe(400);
    expect(await votesOf(alice.userId)).toEqual([]);
  });
});

describe('votes of another user (a hostile second user)', () => {
  it('404 on voting on, or reading the votes of, A\'s turn; A\'s vote stays; neither leaderboard counts the other\'s votes', async () => {
    const alice = await signedUp();
    const bob = await signedUp();
    const { conversationId, messageId } = await compared(alice);
    await alice.call('PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline-brief', blind: true });
    const own = await compared(bob);
    await bob.call('PUT', `/api/conversations/${own.conversationId}/turns/${own.messageId}/vote`, { modelId: 'offline' });
    const before = await votesOf(alice.userId);
    for (const [method, path, json] of [
      ['PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline' }],
      ['PUT', `/api/conversations/${conversationId}/turns/${messageId}/vote`, { modelId: 'offline', kind: 'continue' }],
      // Bob's own conversation with Alice's turn, and Alice's conversation with Bob's turn.
      ['PUT', `/api/conversations/${own.conversationId}/turns/${messageId}/vote`, { modelId: 'offline' }],
      ['PUT', `/api/conversations/${conversationId}/turns/${own.messageId}/vote`, { modelId: 'offline' }],
      ['GET', `/api/conversations/${conversationId}/votes`, undefined],
    ] as const) {
      const refused = await bob.call(method, path, json);
      expect(`${method} ${path} ${refused.status}`).toBe(`${method} ${path} 404`);
    }
    expect(await votesOf(alice.userId)).toEqual(before);
    expect((await votesOf(bob.userId)).map((v) => v.message_id)).toEqual([own.messageId]);
    const boardOf = async (user: typeof alice) => ((await (await user.call('GET', '/api/leaderboard?period=all')).json()) as { rows: { modelId: string; wins: number; comparisons: number }[] }).rows;
    expect((await boardOf(alice)).map((r) => [r.modelId, r.wins, r.comparisons])).toEqual([['offline-brief', 1, 1], ['offline', 0, 1]]);
    expect((await boardOf(bob)).map((r) => [r.modelId, r.wins, r.comparisons])).toEqual([['offline', 1, 1], ['offline-brief', 0, 1]]);
    for (const path of ['/api/leaderboard', '/api/leaderboard.csv', `/api/conversations/${conversationId}/votes`]) {
      expect((await fetch(`${server.url}${path}`)).status).toBe(401);
    }
  });
});
