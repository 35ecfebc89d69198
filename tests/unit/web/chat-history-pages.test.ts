// A long conversation held in pages by the chat on screen: the rules that put a page into what is held
// (web/client/features/chat/state/history-window.ts), and the chat session reading pages through the
// browser's use cases over the in-memory conversation store.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_TURNS, type ChatMessage } from '../../../core/chat/index.js';
import { ChatSession } from '../../../web/client/features/chat/state/chat-session.js';
import { pageOfAnswer, placePage, withNewer, withOlder, type HistoryWindow } from '../../../web/client/features/chat/state/history-window.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

const message = (id: string, role: ChatMessage['role'] = 'user'): ChatMessage =>
  ({ id, conversationId: 'c', role, content: id, modelId: role === 'assistant' ? 'echo-basic' : null, createdAt: '2026-01-01T00:00:00.000Z' }) as ChatMessage;
/** Turn n: question qn and answer an. */
const turns = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => [message(`q${from + i}`), message(`a${from + i}`, 'assistant')]).flat();
const ids = (w: HistoryWindow) => w.messages.map((m) => m.id);

describe('history window: pages put into what is held', () => {
  it('an older page goes before what is held and takes its cursor; a newer one after', () => {
    const held: HistoryWindow = { messages: turns(5, 6), older: 'q5', newer: 'a6' };
    const older = withOlder(held, { messages: turns(3, 4), older: 'q3', newer: 'a4' });
    expect(ids(older)).toEqual(['q3', 'a3', 'q4', 'a4', 'q5', 'a5', 'q6', 'a6']);
    expect([older.older, older.newer]).toEqual(['q3', 'a6']);
    const newer = withNewer(older, { messages: turns(7, 7), older: 'q7', newer: null });
    expect(ids(newer).slice(-2)).toEqual(['q7', 'a7']);
    expect([newer.older, newer.newer]).toEqual(['q3', null]);
  });

  it('a message already held is not held twice when a page overlaps', () => {
    const held: HistoryWindow = { messages: turns(4, 5), older: 'q4', newer: null };
    expect(ids(withOlder(held, { messages: turns(3, 4), older: null, newer: 'a4' }))).toEqual(['q3', 'a3', 'q4', 'a4', 'q5', 'a5']);
    expect(ids(withNewer(held, { messages: turns(5, 6), older: 'q5', newer: null }))).toEqual(['q4', 'a4', 'q5', 'a5', 'q6', 'a6']);
  });

  it('the latest page read again after a turn keeps the older pages held before it', () => {
    const held: HistoryWindow = { messages: turns(1, 6), older: null, newer: null };
    const latest = { messages: [...turns(4, 6), message('q7'), message('a7', 'assistant')], older: 'q4', newer: null };
    const placed = placePage(held, latest);
    expect(ids(placed)).toEqual(ids({ messages: turns(1, 7), older: null, newer: null }));
    expect([placed.older, placed.newer]).toEqual([null, null]);
  });

  it('a page around a version shown replaces what followed its first message (another version now), and keeps what came before', () => {
    const held: HistoryWindow = { messages: turns(1, 8), older: 'q1', newer: null };
    const around = { messages: [...turns(3, 4), message('q5'), message('a5-v2', 'assistant')], older: 'q3', newer: 'a5-v2' };
    const placed = placePage(held, around);
    expect(ids(placed)).toEqual(['q1', 'a1', 'q2', 'a2', 'q3', 'a3', 'q4', 'a4', 'q5', 'a5-v2']);
    expect([placed.older, placed.newer]).toEqual(['q1', 'a5-v2']);
  });

  it('a page that does not meet what is held replaces it with its own cursors', () => {
    const held: HistoryWindow = { messages: turns(40, 45), older: 'q40', newer: 'a45' };
    const latest = { messages: turns(90, 99), older: 'q90', newer: null };
    expect(placePage(held, latest)).toEqual({ messages: latest.messages, older: 'q90', newer: null });
    // A page that starts before what is held and covers its start replaces it too.
    expect(ids(placePage({ messages: turns(5, 6), older: 'q5', newer: null }, { messages: turns(3, 6), older: 'q3', newer: null }))).toEqual(ids({ messages: turns(3, 6), older: null, newer: null }));
  });

  it('an empty conversation is an empty window', () => {
    expect(placePage({ messages: turns(1, 2), older: null, newer: null }, { messages: [], older: null, newer: null })).toEqual({ messages: [], older: null, newer: null });
  });

  it('reads both answers: a page with its cursors beside it or as its own, and a whole path', () => {
    const weights = [{ id: 'q1', role: 'user' as const, modelId: null, quarters: 4, summaryQuarters: 4 }];
    expect(pageOfAnswer({ messages: turns(1, 1), page: { older: 'q1', newer: null }, weights })).toEqual({ messages: turns(1, 1), older: 'q1', newer: null, weights });
    expect(pageOfAnswer({ messages: turns(1, 1), older: null, newer: 'a1', weights })).toEqual({ messages: turns(1, 1), older: null, newer: 'a1', weights });
    expect(pageOfAnswer(turns(1, 2))).toEqual({ messages: turns(1, 2), older: null, newer: null });
  });
});

async function longConversation(turnCount: number) {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const userId = world.userId as string;
  const granted = await world.deps.usageLedger.grantCredits({ userId, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  if (!granted.success) throw new Error(granted.error.message);
  const store = world.deps.conversationStore;
  const created = await store.createConversation(userId, 'Long');
  if (!created.success) throw new Error(created.error.message);
  const conversationId = created.data.id;
  const path: string[] = [];
  for (let turn = 1; turn <= turnCount; turn += 1) {
    for (const role of ['user', 'assistant'] as const) {
      const added = await store.appendMessage(userId, conversationId, { role, content: `${role} ${turn}`, modelId: role === 'assistant' ? 'echo-basic' : null, inputTokens: null, outputTokens: null });
      if (!added.success) throw new Error(added.error.message);
      path.push(added.data.id);
    }
  }
  const session = new ChatSession(world.useCases);
  /** Resolves once the session's state satisfies `ready`. */
  const until = (ready: () => boolean) =>
    new Promise<void>((resolve) => {
      if (ready()) return resolve();
      const stop = session.subscribe(() => {
        if (!ready()) return;
        stop();
        resolve();
      });
    });
  return { world, userId, conversationId, path, session, until };
}

describe('the chat session holds a long conversation in pages', () => {
  it('opens with the latest page, reads older pages one at a time up to the first turn, and holds each message once', async () => {
    const { conversationId, path, session, until } = await longConversation(70);
    session.open(conversationId);
    await until(() => session.snapshot().messages !== undefined);
    let state = session.snapshot();
    expect(state.messages?.map((m) => m.id)).toEqual(path.slice(-DEFAULT_PAGE_TURNS * 2));
    expect(state.page.newer).toBeNull();
    expect(state.weights).toHaveLength(140);
    session.loadOlder();
    expect(session.snapshot().paging).toBe('older');
    // A second call while the first page is read reads nothing more.
    session.loadOlder();
    await until(() => session.snapshot().paging === null);
    expect(session.snapshot().messages).toHaveLength(DEFAULT_PAGE_TURNS * 4);
    session.loadOlder();
    await until(() => session.snapshot().paging === null);
    state = session.snapshot();
    expect(state.messages?.map((m) => m.id)).toEqual(path);
    expect(state.page.older).toBeNull();
    session.loadOlder();
    expect(session.snapshot().paging).toBeNull();
  });

  it('opened around a message, it reads newer pages up to the latest turn', async () => {
    const { conversationId, path, session, until } = await longConversation(70);
    const hit = path[20] as string;
    session.open(conversationId, hit);
    await until(() => session.snapshot().messages !== undefined);
    let state = session.snapshot();
    expect(state.messages?.some((m) => m.id === hit)).toBe(true);
    expect(state.page.newer).not.toBeNull();
    while (session.snapshot().page.newer !== null) {
      session.loadNewer();
      await until(() => session.snapshot().paging === null);
    }
    state = session.snapshot();
    expect(state.messages?.at(-1)?.id).toBe(path.at(-1));
    const held = state.messages?.map((m) => m.id) ?? [];
    expect(new Set(held).size).toBe(held.length);
    expect(path.slice(path.indexOf(held[0] as string))).toEqual(held);
  });

  it('a message sent from earlier in the conversation follows its latest turn; the older pages read stay held after the answer', async () => {
    const { conversationId, path, session, until } = await longConversation(70);
    session.open(conversationId);
    await until(() => session.snapshot().messages !== undefined);
    session.loadOlder();
    await until(() => session.snapshot().paging === null);
    const heldBefore = session.snapshot().messages?.length ?? 0;
    const outcome = await session.send('One more question', ['echo-basic']);
    expect('conversationId' in outcome).toBe(true);
    await until(() => session.snapshot().run === null && (session.snapshot().weights?.length ?? 0) === 142);
    const held = session.snapshot().messages ?? [];
    expect(held).toHaveLength(heldBefore + 2);
    expect(held.slice(0, -2).map((m) => m.id)).toEqual(path.slice(-heldBefore));
    expect(held.at(-2)?.content).toBe('One more question');
  });

  it('jump to latest from a search hit far back holds the latest page; a cursor no longer on the path reopens it', async () => {
    const { conversationId, path, session, until, world, userId } = await longConversation(70);
    session.open(conversationId, path[4] as string);
    await until(() => session.snapshot().messages !== undefined);
    expect(session.snapshot().page.newer).not.toBeNull();
    await session.openLatest();
    expect(session.snapshot().messages?.at(-1)?.id).toBe(path.at(-1));
    expect(session.snapshot().page.newer).toBeNull();
    // The first turn held is edited elsewhere (another tab): its id is no longer on the visible path.
    const first = session.snapshot().messages?.[0]?.id as string;
    const parent = path[path.indexOf(first) - 1] as string;
    const branched = await world.deps.conversationStore.appendMessage(userId, conversationId, { role: 'user', content: 'elsewhere', modelId: null, inputTokens: null, outputTokens: null, parentId: path[path.indexOf(parent) - 1] as string });
    expect(branched.success).toBe(true);
    session.loadOlder();
    await until(() => session.snapshot().paging === null && session.snapshot().messages?.at(-1)?.content === 'elsewhere');
    expect(session.snapshot().page.newer).toBeNull();
  });
});
