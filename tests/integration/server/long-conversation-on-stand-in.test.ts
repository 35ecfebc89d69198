// The long conversation the browser tests and the long-conversation benchmark open, seeded through the
// Supabase stand-in's REST API with the service-role key (tests/support/seed-long-conversation.ts), read
// back as the browser reads it: the app server on the stand-in, over HTTP, with the owner's token.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { columnsOfTurn, searchWordOf, seedLongConversation, SEEDED_MODELS, turnsForMessages, visibleMessagesOf } from '../../support/seed-long-conversation.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn()), 60_000);
afterAll(() => close?.());

interface PathMessage {
  id: string;
  role: string;
  content: string;
  modelId: string | null;
  modelIds?: string[];
  parentId?: string | null;
  column?: number;
  version?: { index: number; count: number };
}

const SIDE_BY_SIDE_EVERY = 12;
const VERSIONS_EVERY = 7;
const CODE_EVERY = 4;

describe('a seeded long conversation', () => {
  it('opens as 1,000 messages in order on the visible path: columns of side-by-side turns in order, the second version of an answer shown', async () => {
    const owner = await signUpOnStandIn(supabase, server.url, { tag: 'long' });
    const turns = turnsForMessages(1000, SIDE_BY_SIDE_EVERY);
    expect(visibleMessagesOf(turns, SIDE_BY_SIDE_EVERY)).toBe(1000);
    const seeded = await seedLongConversation({
      restUrl: supabase.url, serviceRoleKey: supabase.serviceRoleKey, userId: owner.userId, turns,
      sideBySideEvery: SIDE_BY_SIDE_EVERY, versionsEvery: VERSIONS_EVERY, codeEvery: CODE_EVERY, title: 'Harbour log',
    });
    expect(seeded.messageIds).toHaveLength(1000);
    expect(seeded.hiddenIds).toHaveLength(Math.floor(turns / VERSIONS_EVERY));
    expect(seeded.lastMessageId).toBe(seeded.messageIds.at(-1));

    const response = await owner.call('GET', `/api/conversations/${seeded.conversationId}/messages`);
    expect(response.status).toBe(200);
    const { messages } = (await response.json()) as { messages: PathMessage[] };
    expect(messages.map((m) => m.id)).toEqual(seeded.messageIds);
    expect(messages.filter((m) => seeded.hiddenIds.includes(m.id))).toEqual([]);

    // Turn by turn: the question under the one before, then one answer per column under it, in order.
    let at = 0;
    let previousQuestion: string | null = null;
    const contentSizes = new Set<number>();
    for (let turn = 1; turn <= turns; turn += 1) {
      const question = messages[at]!;
      expect(question.role).toBe('user');
      expect(question.parentId ?? null).toBe(previousQuestion);
      expect(question.content).toContain(searchWordOf(turn));
      const columns = columnsOfTurn(turn, SIDE_BY_SIDE_EVERY);
      expect(question.modelIds).toEqual(SEEDED_MODELS.slice(0, columns));
      for (let column = 0; column < columns; column += 1) {
        const answer = messages[at + 1 + column]!;
        expect(answer.role).toBe('assistant');
        expect(answer.parentId).toBe(question.id);
        expect(answer.column).toBe(column);
        expect(answer.modelId).toBe(SEEDED_MODELS[column]);
        expect(answer.content.includes('```ts')).toBe(turn % CODE_EVERY === 0);
        const versioned = column === 0 && turn % VERSIONS_EVERY === 0;
        expect(answer.version ?? null).toEqual(versioned ? { index: 2, count: 2 } : null);
        if (versioned) expect(answer.content).toContain('version 2');
        contentSizes.add(Math.round(answer.content.length / 100));
      }
      previousQuestion = question.id;
      at += 1 + columns;
    }
    expect(at).toBe(1000);
    // Heights vary: answers of many different lengths.
    expect(contentSizes.size).toBeGreaterThan(5);
    expect(new Set(messages.map((m) => m.column ?? null))).toEqual(new Set([null, 0, 1, 2]));

    // The conversation is listed, and search finds a question by its word and an answer's text.
    const listed = (await (await owner.call('GET', '/api/conversations')).json()) as { conversations: { id: string; title: string }[] };
    expect(listed.conversations.map((c) => [c.id, c.title])).toContainEqual([seeded.conversationId, 'Harbour log']);
    const search = async (q: string) =>
      ((await (await owner.call('GET', `/api/search?q=${encodeURIComponent(q)}&lang=en`)).json()) as { hits: { conversationId: string; messageId: string | null }[] }).hits;
    const word = searchWordOf(123);
    expect((await search(word)).map((h) => h.messageId)).toEqual([messages.find((m) => m.content.includes(word))!.id]);
    expect((await search('Answer 456')).map((h) => h.conversationId)).toContain(seeded.conversationId);
  }, 180_000);

  it('a short one opens as its 10 messages; another user gets 404 for it and finds none of it', async () => {
    const owner = await signUpOnStandIn(supabase, server.url, { tag: 'short' });
    const stranger = await signUpOnStandIn(supabase, server.url, { tag: 'stranger' });
    const seeded = await seedLongConversation({ restUrl: `${supabase.url}/rest/v1/`, serviceRoleKey: supabase.serviceRoleKey, userId: owner.userId, turns: 5, codeEvery: 0 });
    const own = (await (await owner.call('GET', `/api/conversations/${seeded.conversationId}/messages`)).json()) as { messages: PathMessage[] };
    expect(own.messages.map((m) => m.id)).toEqual(seeded.messageIds);
    expect(own.messages.map((m) => m.role)).toEqual(Array.from({ length: 10 }, (_, i) => (i % 2 === 0 ? 'user' : 'assistant')));
    expect(own.messages.every((m) => m.version === undefined && !m.content.includes('```'))).toBe(true);

    const theirs = await stranger.call('GET', `/api/conversations/${seeded.conversationId}/messages`);
    expect(theirs.status).toBe(404);
    const hits = (await (await stranger.call('GET', `/api/search?q=${searchWordOf(3)}`)).json()) as { hits: unknown[] };
    expect(hits.hits).toEqual([]);
  });

  it('refuses a turn count that is not a positive whole number, a wrong key and an unknown user, and writes nothing', async () => {
    const owner = await signUpOnStandIn(supabase, server.url, { tag: 'refused' });
    const base = { restUrl: supabase.url, serviceRoleKey: supabase.serviceRoleKey, userId: owner.userId };
    for (const turns of [0, -1, 1.5, Number.NaN]) {
      await expect(seedLongConversation({ ...base, turns })).rejects.toThrow(/turns must be a whole number of at least 1/);
    }
    await expect(seedLongConversation({ ...base, serviceRoleKey: supabase.anonKey, turns: 2 })).rejects.toThrow(/inserting into conversations answered 4\d\d/);
    await expect(seedLongConversation({ ...base, userId: '00000000-0000-4000-8000-000000000000', turns: 2 })).rejects.toThrow(/inserting into conversations answered 409/);
    const listed = (await (await owner.call('GET', '/api/conversations')).json()) as { conversations: unknown[] };
    expect(listed.conversations).toEqual([]);
    // Exactly n messages needs a number of turns that makes them; with none, it says so.
    expect(turnsForMessages(10)).toBe(5);
    expect(() => turnsForMessages(11)).toThrow(/no number of turns makes exactly 11 visible messages/);
  });
});
