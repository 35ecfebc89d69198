// History in pages, from outside: the app server on the Supabase stand-in (PGlite, the real
// migrations), called over HTTP as the browser calls it. A conversation of 40 turns opens with its
// latest 30, older and newer pages follow by cursor, a message opens the page around it; a second,
// hostile user aiming the paged routes at it (its id, its cursors, in her own conversation too) gets
// 404 and nothing of it; a bad query is a 400 naming what is wrong.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
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
  weights: { id: string; role: string; quarters: number; summaryQuarters: number }[];
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
    expect(latest.weights.map((w) => w.id)).toHaveLength(80);
    expect(latest.weights[0]).toMatchObject({ id: id('tide Q1'), role: 'user', modelId: null });
    expect(latest.weights.every((w) => w.quarters > 0 && w.summaryQuarters > 0)).toBe(true);
    expect(latest.liveRun).toBeNull();
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
      expect(text).not.toMatch(/secret [QA]\d|Alice private/);
    }
    // Her own conversation still reads, and Alice's is as it was (nothing was shown for Mallory).
    expect(contents(await pageOf(mallory, own.conversationId))).toEqual(turnsOf('mallory', 1, 2));
    expect(contents(await pageOf(alice, secret.conversationId))).toEqual(turnsOf('secret', 1, 6));
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
