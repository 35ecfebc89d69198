// Versions and branches, from outside: the app server on the Supabase stand-in (PGlite, the service
// role, the real migrations), called over HTTP the way a browser calls it. A hostile second user
// aims the version routes (show a version, regenerate a column, edit a message by its id) at another
// user's conversation and messages; every check of what changed reads the database itself. Then the
// owner's own round trip: a version shown stays shown, and an earlier question edited is a branch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { RunningAppServer } from '../../../web/server/start-app-server.js';
import { signUpOnStandIn, startAppOnStandIn } from '../../support/app-on-stand-in.js';
import { readNdjson } from './server-harness.js';

let supabase: LocalSupabase;
let server: RunningAppServer;
let close: () => Promise<void>;
beforeAll(async () => ({ supabase, server, close } = await startAppOnStandIn({ OFFLINE_MODEL_TOKEN_DELAY_MS: '5', RATE_LIMIT_BURST: '200' })), 60_000);
afterAll(() => close?.());

type User = Awaited<ReturnType<typeof signUpOnStandIn>>;
interface PathMessage {
  id: string;
  role: string;
  content: string;
  parentId?: string | null;
  column?: number;
  version?: { index: number; count: number };
}

const signedUp = (tag: string) => signUpOnStandIn(supabase, server.url, { tag, credits: 10_000 });
/** As the service role sees it (the stand-in's superuser): no row-level security in the way. */
const rows = <T>(sql: string, params: unknown[]) => supabase.db.withRole('service_role', null, async (tx) => (await tx.query<T>(sql, params)).rows);
const messagesOf = (conversationId: string) =>
  rows<{ id: string; role: string; content: string; shown: string }>('select id, role, content, shown::text from public.messages where conversation_id = $1 order by seq', [conversationId]);
const countOf = async (sql: string, params: unknown[]) => Number((await rows<{ n: string | number }>(sql, params))[0]?.n);
const chargesOf = (userId: string) => countOf("select count(*) as n from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [userId]);
const messageCountOf = (userId: string) => countOf('select count(*) as n from public.messages where user_id = $1', [userId]);

/** Reads a chat stream to its end; it must end with `done`. */
async function streamed(response: Response): Promise<Record<string, unknown>[]> {
  expect(response.status).toBe(200);
  const lines = await readNdjson(response);
  expect(lines.at(-1)?.['type']).toBe('done');
  return lines;
}

async function send(user: User, message: string, conversationId?: string): Promise<string> {
  const lines = await streamed(await user.call('POST', '/api/chat', { message, modelIds: ['offline'], ...(conversationId ? { conversationId } : {}) }));
  return lines[0]?.['conversationId'] as string;
}

async function pathOf(user: User, conversationId: string): Promise<PathMessage[]> {
  const response = await user.call('GET', `/api/conversations/${conversationId}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { messages: PathMessage[] }).messages;
}

/** Alice's conversation: one question, its answer regenerated once (2 versions in column 0). */
async function aliceWithTwoVersions(alice: User) {
  const id = await send(alice, 'How high is the tide at noon?');
  await streamed(await alice.call('POST', '/api/chat/regenerate', { conversationId: id, column: 0 }));
  const path = await pathOf(alice, id);
  expect(path.map((m) => [m.role, m.version ?? null])).toEqual([['user', null], ['assistant', { index: 2, count: 2 }]]);
  const [question, answer] = path as [PathMessage, PathMessage];
  return { id, question, answer, path };
}

describe('another user and the version routes', () => {
  it('Bob gets 404 showing, regenerating or editing in Alice\'s conversation, and with her message id in his own; nothing of hers changes or is charged', async () => {
    const alice = await signedUp('alice');
    const bob = await signedUp('bob');
    const { id, question, answer, path } = await aliceWithTwoVersions(alice);
    const before = await messagesOf(id);
    const aliceCharges = await chargesOf(alice.userId);
    const aliceMessages = await messageCountOf(alice.userId);
    const bobsOwn = await send(bob, 'Bob asks about waves');
    const bobCharges = await chargesOf(bob.userId);

    const attempts: [string, string, unknown][] = [
      ['POST', `/api/conversations/${id}/messages/${answer.id}/show`, { version: 1 }],
      ['POST', `/api/conversations/${id}/messages/${answer.id}/show`, {}],
      ['POST', `/api/conversations/${id}/messages/${question.id}/show`, { version: 1 }],
      ['POST', '/api/chat/regenerate', { conversationId: id, column: 0 }],
      ['POST', '/api/chat/regenerate', { conversationId: id, column: 1, modelId: 'offline-brief' }],
      ['POST', '/api/chat/edit-last', { conversationId: id, messageId: question.id, message: 'x' }],
      // His own conversation, her messages: the message is looked for in his conversation only.
      ['POST', `/api/conversations/${bobsOwn}/messages/${answer.id}/show`, { version: 1 }],
      ['POST', `/api/conversations/${bobsOwn}/messages/${question.id}/show`, {}],
      ['POST', '/api/chat/edit-last', { conversationId: bobsOwn, messageId: question.id, message: 'x' }],
    ];
    for (const [method, path, json] of attempts) {
      const response = await bob.call(method, path, json);
      const body = (await response.json()) as { error: string };
      expect(`${method} ${path} ${JSON.stringify(json)} ${response.status} ${body.error}`).toBe(`${method} ${path} ${JSON.stringify(json)} 404 not_found`);
    }

    // Alice's tree, which version is shown, and her visible path are as they were.
    expect(await messagesOf(id)).toEqual(before);
    expect(await pathOf(alice, id)).toEqual(path);
    expect(await chargesOf(alice.userId)).toBe(aliceCharges);
    expect(await messageCountOf(alice.userId)).toBe(aliceMessages);
    // Bob was not charged for the refusals either, and his own conversation kept its two messages.
    expect(await chargesOf(bob.userId)).toBe(bobCharges);
    expect((await messagesOf(bobsOwn)).map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it('a bad body or path on the show route is a 400 with a precise message; nothing is shown', async () => {
    const alice = await signedUp('alice');
    const { id, answer, path } = await aliceWithTwoVersions(alice);
    const before = await messagesOf(id);
    const show = `/api/conversations/${id}/messages/${answer.id}/show`;
    const cases: [unknown, string][] = [
      [{ version: 0 }, 'body version: must be at least 1'],
      [{ version: -3 }, 'body version: must be at least 1'],
      [{ version: 1.5 }, 'body version: must be a whole number'],
      [{ version: 'x' }, 'body version: must be a number'],
      [{ version: null }, 'body version: must be a number'],
      [{ version: 10_001 }, 'body version: must be at most 10000'],
      [{ extra: 1 }, 'body: Unrecognized key: "extra"'],
      [{ version: 1, extra: 1 }, 'body: Unrecognized key: "extra"'],
      ['{"version": 1', 'The body is not valid JSON'],
      ['version=1', 'The body is not valid JSON'],
      ['[1]', 'body: Invalid input: expected object, received array'],
    ];
    for (const [json, message] of cases) {
      const response = await alice.call('POST', show, json);
      const body = (await response.json()) as { error: string; message: string };
      expect(`${JSON.stringify(json)} ${response.status} ${body.error}: ${body.message}`).toBe(`${JSON.stringify(json)} 400 validation: ${message}`);
    }
    // A version the message does not have is not found, as a message that is not there.
    for (const [target, json] of [[answer.id, { version: 3 }], ['00000000-0000-4000-8000-00000000beef', { version: 1 }], ['not-a-uuid', {}]] as const) {
      const response = await alice.call('POST', `/api/conversations/${id}/messages/${target}/show`, json);
      expect(`${target} ${JSON.stringify(json)} ${response.status}`).toBe(`${target} ${JSON.stringify(json)} 404`);
    }
    expect(await messagesOf(id)).toEqual(before);
    expect(await pathOf(alice, id)).toEqual(path);
  });
});

describe('the owner\'s versions over HTTP', () => {
  it('Alice shows version 1 of her answer and finds it still shown on a fresh GET; editing her first question by its id starts a branch beside it', async () => {
    const alice = await signedUp('alice');
    const { id, question, answer } = await aliceWithTwoVersions(alice);
    const second = (await pathOf(alice, id)).at(-1)!;

    const shown = await alice.call('POST', `/api/conversations/${id}/messages/${answer.id}/show`, { version: 1 });
    expect(shown.status).toBe(200);
    const answered = ((await shown.json()) as { messages: PathMessage[] }).messages;
    expect(answered.map((m) => [m.role, m.version ?? null])).toEqual([['user', null], ['assistant', { index: 1, count: 2 }]]);
    const first = answered[1]!;
    expect(first.id).not.toBe(second.id);
    // The choice is stored: a fresh read (as after a reload) shows version 1.
    expect(await pathOf(alice, id)).toEqual(answered);
    // A follow-up continues under what is shown: version 1 stays the answer of turn 1.
    await send(alice, 'And at midnight?', id);
    const twoTurns = await pathOf(alice, id);
    expect(twoTurns.map((m) => [m.role, m.version ?? null])).toEqual([['user', null], ['assistant', { index: 1, count: 2 }], ['user', null], ['assistant', null]]);
    expect(twoTurns[1]!.id).toBe(first.id);
    expect(twoTurns[2]!.parentId).toBe(question.id);

    // Editing the first question (not the last) by its id: a new version of it, answered, and the
    // old branch (both turns) one ‹ › away.
    await streamed(await alice.call('POST', '/api/chat/edit-last', { conversationId: id, messageId: question.id, message: 'How high is the tide at dawn?' }));
    const branch = await pathOf(alice, id);
    expect(branch.map((m) => [m.role, m.version ?? null])).toEqual([['user', { index: 2, count: 2 }], ['assistant', null]]);
    expect(branch[0]!.content).toBe('How high is the tide at dawn?');
    expect(branch[0]!.parentId).toBeNull();
    expect(branch[1]!.parentId).toBe(branch[0]!.id);
    // Both branches are stored; showing version 1 of the question brings the old one back whole.
    expect((await messagesOf(id)).length).toBe(7);
    const back = await alice.call('POST', `/api/conversations/${id}/messages/${branch[0]!.id}/show`, { version: 1 });
    expect(back.status).toBe(200);
    const restored = ((await back.json()) as { messages: PathMessage[] }).messages;
    expect(restored.map((m) => m.id)).toEqual(twoTurns.map((m) => m.id));
    expect(restored[0]!.version).toEqual({ index: 1, count: 2 });
    expect((await pathOf(alice, id)).map((m) => m.id)).toEqual(twoTurns.map((m) => m.id));
  });
});
