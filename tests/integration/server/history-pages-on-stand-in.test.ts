// History in pages, from outside: the app server on the Supabase stand-in (PGlite, the real
// migrations), called over HTTP as the browser calls it. A conversation of 40 turns opens with its
// latest 30, older and newer pages follow by cursor, a message opens the page around it; a second,
// hostile user aiming the paged routes at it (its id, its cursors, in her own conversation too) gets
// 404 and nothing of it; a bad query is a 400 naming what is wrong. Opening answers in one request all
// the chat view draws (settings, votes, the running run), held to the wire schema the browser reads.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { openConversationAnswer } from '../../../adapters/api-contract/api-contract.js';
import { unpackWeights, type PackedWeights } from '../../../core/chat/index.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ RATE_LIMIT_BURST: '200' })), 60_000);
afterAll(() => close?.());

type User = Awaited<ReturnType<typeof signUpOnStandIn>>;
interface Page {
  messages: { id: string; role: string; content: string }[];
  page: { older: string | null; newer: string | null };
  weights: PackedWeights;
  settings?: { instruction: string };
  votes?: { messageId: string; modelId: string }[];
  liveRun?: unknown;
}

/**
 * A conversation of `turns` turns written straight into the database (as the chat would have written
 * them: each question under the one before, its answer in column 0). Answers the ids by content.
 */
async function seeded(userId: string, title: string, turns: number, word: string): Promise<{ conversationId: string; id: (content: string) => string }> {
  const ids = new Map<string, string>();
  const conversationId = randomUUID();
  const rows: unknown[] = [];
  let parent: string | null = null;
  for (let i = 1; i <= turns; i += 1) {
    const question = randomUUID();
    const answer = randomUUID();
    ids.set(`${word} Q${i}`, question).set(`${word} A${i}`, answer);
    rows.push([question, 'user', `${word} Q${i}`, null, parent, null], [answer, 'assistant', `${word} A${i}`, 'offline', question, 0]);
    parent = question;
  }
  const values = rows.map((_, i) => `($${i * 6 + 3}::uuid, $1::uuid, $2::uuid, $${i * 6 + 4}, $${i * 6 + 5}, $${i * 6 + 6}, $${i * 6 + 7}::uuid, $${i * 6 + 8}::smallint)`);
  await supabase.db.withRole('service_role', null, async (tx) => {
    await tx.query('insert into public.conversations (id, user_id, title) values ($1, $2, $3)', [conversationId, userId, title]);
    if (rows.length > 0) {
      await tx.query(
        `insert into public.messages (id, conversation_id, user_id, role, content, model_id, parent_id, column_index) values ${values.join(', ')}`,
        [conversationId, userId, ...rows.flat()],
      );
    }
  });
  return { conversationId, id: (content) => ids.get(content) as string };
}

const signedUp = (tag: string) => signUpOnStandIn(supabase, server.url, { tag });

async function pageOf(user: User, conversationId: string, query = ''): Promise<Page> {
  const response = await user.call('GET', `/api/conversations/${conversationId}${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as Page;
}
const contents = (page: Page) => page.messages.map((m) => m.content);
const turnsOf = (word: string, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => [`${word} Q${from + i}`, `${word} A${from + i}`]).flat();

describe('a long conversation in pages over HTTP', () => {
  it('opens with its latest 30 turns and the weight of all 80 messages; older, newer and surrounding pages follow by cursor; /messages is the whole path', async () => {
    const owner = await signedUp('pages');
    const { conversationId, id } = await seeded(owner.userId, 'Tides', 40, 'tide');
    const latest = await pageOf(owner, conversationId);
    expect(contents(latest)).toEqual(turnsOf('tide', 11, 40));
    expect(latest.page).toEqual({ older: id('tide Q11'), newer: null });
    // The weights of all 80 messages, packed: a letter and three numbers a message, one model named once.
    expect(latest.weights.roles).toBe('ua'.repeat(40));
    expect(latest.weights.models).toEqual(['offline']);
    expect(latest.weights.model).toEqual(Array.from({ length: 80 }, (_, i) => i % 2));
    const weights = unpackWeights(latest.weights);
    expect(weights).toHaveLength(80);
    expect(weights[0]).toMatchObject({ role: 'user', modelId: null });
    expect(weights.every((w) => w.quarters > 0 && w.summaryQuarters > 0)).toBe(true);
    expect(latest.liveRun).toBeNull();
    expect(latest.settings).toMatchObject({ instruction: '', models: {} });
    expect(latest.votes).toEqual([]);
    expect(openConversationAnswer.safeParse(latest).success).toBe(true);
    const older = await pageOf(owner, conversationId, `?before=${latest.page.older}`);
    expect(contents(older)).toEqual(turnsOf('tide', 1, 10));
    expect(older.page).toEqual({ older: null, newer: id('tide A10') });
    expect(older.weights).toEqual(latest.weights);
    const newer = await pageOf(owner, conversationId, `?after=${older.page.newer}&limit=5`);
    expect(contents(newer)).toEqual(turnsOf('tide', 11, 15));
    expect(newer.page).toEqual({ older: id('tide Q11'), newer: id('tide A15') });
    const around = await pageOf(owner, conversationId, `?around=${id('tide A20')}&limit=3`);
    expect(contents(around)).toEqual(turnsOf('tide', 19, 21));
    expect(around.page).toEqual({ older: id('tide Q19'), newer: id('tide A21') });
    expect(contents(await pageOf(owner, conversationId, '?limit=100'))).toEqual(turnsOf('tide', 1, 40));
    expect(contents(await pageOf(owner, conversationId, '?limit=1'))).toEqual(turnsOf('tide', 40, 40));
    const whole = await owner.call('GET', `/api/conversations/${conversationId}/messages`);
    expect(((await whole.json()) as Page).messages.map((m) => m.content)).toEqual(turnsOf('tide', 1, 40));
    // Showing a message answers the page around it, in the same shape.
    const shown = await owner.call('POST', `/api/conversations/${conversationId}/messages/${id('tide Q5')}/show`, {});
    expect(shown.status).toBe(200);
    const shownPage = (await shown.json()) as Page;
    expect(contents(shownPage)).toEqual(turnsOf('tide', 1, 30));
    expect(shownPage.page).toEqual({ older: null, newer: id('tide A30') });
    expect(shownPage.weights).toEqual(latest.weights);
  });

  it('opening answers all the chat view draws in one request: the settings saved, the votes cast, no running run; the packed weights are a fraction of the page', async () => {
    const owner = await signedUp('bundle');
    const { conversationId, id } = await seeded(owner.userId, 'Bundle', 200, 'bundle');
    const saved = await owner.call('PUT', `/api/conversations/${conversationId}/settings`, {
      settings: { instruction: 'Answer like a harbour master', models: {}, context: { mode: 'recent', messages: 10 } },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    // A side-by-side turn, voted on.
    const question = randomUUID();
    await supabase.db.withRole('service_role', null, async (tx) => {
      await tx.query(
        `insert into public.messages (id, conversation_id, user_id, role, content, model_id, parent_id, column_index, model_ids) values
          ($1::uuid, $2::uuid, $3::uuid, 'user', 'Which harbour is oldest?', null, $6::uuid, null, array['offline', 'offline-twin']),
          ($4::uuid, $2::uuid, $3::uuid, 'assistant', 'Byblos, perhaps.', 'offline', $1::uuid, 0, null),
          ($5::uuid, $2::uuid, $3::uuid, 'assistant', 'Lothal, perhaps.', 'offline-twin', $1::uuid, 1, null)`,
        [question, conversationId, owner.userId, randomUUID(), randomUUID(), id('bundle Q200')],
      );
    });
    const latest = await pageOf(owner, conversationId);
    expect(latest.messages.at(-1)?.content).toBe('Lothal, perhaps.');
    const vote = await owner.call('PUT', `/api/conversations/${conversationId}/turns/${question}/vote`, { modelId: 'offline-twin' });
    expect(vote.status, await vote.clone().text()).toBe(200);
    const response = await owner.call('GET', `/api/conversations/${conversationId}`);
    const text = await response.text();
    const opened = openConversationAnswer.parse(JSON.parse(text));
    expect(opened.settings).toMatchObject({ instruction: 'Answer like a harbour master', context: { mode: 'recent', messages: 10 } });
    expect(opened.votes).toMatchObject([{ messageId: question, modelId: 'offline-twin', kind: 'vote' }]);
    expect(opened.liveRun).toBeNull();
    expect(unpackWeights(opened.weights)).toHaveLength(403);
    // 403 messages weighed in a few bytes each, well under the page of 30 turns beside them.
    expect(JSON.stringify(opened.weights).length).toBeLessThan(403 * 16);
    expect(JSON.stringify(opened.weights).length).toBeLessThan(JSON.stringify(opened.messages).length / 2);
  });

  it('a cursor that is not on the visible path is a 404 with the API error body; the reader opens the latest page again', async () => {
    const owner = await signedUp('cursor');
    const { conversationId } = await seeded(owner.userId, 'Short', 2, 'wave');
    const elsewhere = await seeded(owner.userId, 'Other', 1, 'other');
    for (const query of [`?before=${randomUUID()}`, `?around=${elsewhere.id('other Q1')}`, '?after=not-a-message']) {
      const response = await owner.call('GET', `/api/conversations/${conversationId}${query}`);
      expect(response.status, query).toBe(404);
      const body = (await response.json()) as { error: string; message: string };
      expect(body.error).toBe('not_found');
      expect(body.message).toMatch(/is not on the conversation's visible path/);
    }
    expect(contents(await pageOf(owner, conversationId))).toEqual(turnsOf('wave', 1, 2));
  });

  it("a hostile second user gets 404 for the owner's conversation with or without its cursors, and for its cursors in her own; nothing of it comes back", async () => {
    const alice = await signedUp('alice');
    const mallory = await signedUp('mallory');
    const secret = await seeded(alice.userId, 'Alice private', 6, 'secret');
    const settings = await alice.call('PUT', `/api/conversations/${secret.conversationId}/settings`, { settings: { instruction: 'secret instruction', models: {} } });
    expect(settings.status).toBe(200);
    const own = await seeded(mallory.userId, 'Mallory', 2, 'mallory');
    const attempts: [string, string][] = [
      ['GET', `/api/conversations/${secret.conversationId}`],
      ['GET', `/api/conversations/${secret.conversationId}?limit=100`],
      ['GET', `/api/conversations/${secret.conversationId}?before=${secret.id('secret Q4')}`],
      ['GET', `/api/conversations/${secret.conversationId}?after=${secret.id('secret A1')}&limit=2`],
      ['GET', `/api/conversations/${secret.conversationId}?around=${secret.id('secret A3')}`],
      ['GET', `/api/conversations/${secret.conversationId}/messages`],
      ['GET', `/api/conversations/${own.conversationId}?around=${secret.id('secret A3')}`],
      ['GET', `/api/conversations/${own.conversationId}?before=${secret.id('secret Q6')}&limit=1`],
      ['POST', `/api/conversations/${secret.conversationId}/messages/${secret.id('secret Q2')}/show`],
      ['POST', `/api/conversations/${own.conversationId}/messages/${secret.id('secret Q2')}/show`],
    ];
    for (const [method, path] of attempts) {
      const response = await mallory.call(method, path, method === 'POST' ? {} : undefined);
      const text = await response.text();
      expect(response.status, `${method} ${path}: ${text}`).toBe(404);
      expect(JSON.parse(text)).toMatchObject({ error: 'not_found' });
      expect(text).not.toMatch(/secret [QA]\d|secret instruction|Alice private/);
    }
    // Her own conversation still reads, and Alice's is as it was (nothing was shown for Mallory).
    expect(contents(await pageOf(mallory, own.conversationId))).toEqual(turnsOf('mallory', 1, 2));
    expect(contents(await pageOf(alice, secret.conversationId))).toEqual(turnsOf('secret', 1, 6));
    expect((await pageOf(alice, secret.conversationId)).settings).toMatchObject({ instruction: 'secret instruction' });
  });

  it('a bad page query is a 400 naming the problem, before anything is read', async () => {
    const owner = await signedUp('queries');
    const { conversationId, id } = await seeded(owner.userId, 'Queries', 2, 'query');
    const cases: [string, RegExp][] = [
      ['?limit=0', /query limit: must be at least 1/],
      ['?limit=abc', /query limit: must be a whole number of turns/],
      ['?limit=1.5', /query limit: must be a whole number of turns/],
      ['?limit=101', /query limit: must be at most 100/],
      ['?limit=', /query limit: must be a whole number of turns/],
      ['?before=', /query before: must not be empty/],
      ['?around=%20%20', /query around: must not be empty/],
      [`?before=${'x'.repeat(201)}`, /query before: is too long/],
      [`?before=${id('query Q2')}&after=${id('query A1')}`, /at most one of before, after and around/],
      [`?around=${id('query Q2')}&after=${id('query A1')}&limit=2`, /at most one of before, after and around/],
      ['?page=2', /page/],
      ['?limit=2&cursor=abc', /cursor/],
    ];
    for (const [query, message] of cases) {
      const response = await owner.call('GET', `/api/conversations/${conversationId}${query}`);
      const body = (await response.json()) as { error: string; message: string };
      expect(response.status, query).toBe(400);
      expect(body.error, query).toBe('validation');
      expect(body.message, query).toMatch(message);
    }
  });
});
