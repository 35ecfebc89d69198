// A new conversation from a summary, as the chat on screen starts it (ChatSession.summarize) over the
// browser's use cases, with the in-memory ChatClient running the server's own use cases.
import { describe, expect, it } from 'vitest';
import { ChatSession, type ChatSessionState } from '../../../web/client/features/chat/state/chat-session.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

async function signedInSession() {
  const world = inMemoryUseCases({ signedIn: 'profiled' });
  const userId = world.userId as string;
  const granted = await world.deps.usageLedger.grantCredits({ userId, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  if (!granted.success) throw new Error(granted.error.message);
  const started: string[] = [];
  const session = new ChatSession(world.useCases, { onConversationStarted: (id) => started.push(id) });
  const stored = async (conversationId: string) => {
    const listed = await world.deps.conversationStore.listMessages(userId, conversationId);
    if (!listed.success) throw new Error(listed.error.message);
    return listed.data;
  };
  return { session, started, stored };
}

const conversationOf = (outcome: { conversationId: string } | { error: unknown }): string => {
  if (!('conversationId' in outcome)) throw new Error(`run refused: ${JSON.stringify(outcome.error)}`);
  return outcome.conversationId;
};

/** Resolves once the session's state satisfies `holds`. */
const when = (session: ChatSession, holds: (state: ChatSessionState) => boolean): Promise<ChatSessionState> =>
  new Promise((resolve) => {
    const check = () => {
      if (!holds(session.snapshot())) return;
      stop();
      resolve(session.snapshot());
    };
    const stop = session.subscribe(check);
    check();
  });

describe('ChatSession.summarize', () => {
  it('opens a new conversation like a new chat: its question at once, the summary as its first answer, its address once the server names it; the old one is unchanged', async () => {
    const { session, started, stored } = await signedInSession();
    session.open(null);
    const first = conversationOf(await session.send('How do tides work?', ['echo-basic']));
    const question = 'Summary of “How do tides work?” to continue from';
    const running = session.summarize('echo-basic', question);
    // At once: a new chat on screen with the question, the summary streaming under it.
    expect(session.snapshot().conversationId).toBeNull();
    expect(session.snapshot().run?.question).toBe(question);
    const next = conversationOf(await running);
    expect(next).not.toBe(first);
    expect(started).toEqual([first, next]);
    const state = session.snapshot();
    expect(state.conversationId).toBe(next);
    expect(state.messages?.map((m) => [m.role, m.role === 'user' ? m.content : m.modelId])).toEqual([['user', question], ['assistant', 'echo-basic']]);
    expect((await stored(next)).map((m) => m.role)).toEqual(['user', 'assistant']);
    expect((await stored(first)).map((m) => m.content)[0]).toBe('How do tides work?');
    expect(await stored(first)).toHaveLength(2);
  });

  it('refused (an unknown model): the conversation on screen comes back as it was, and nothing is left in the new chat’s composer', async () => {
    const { session, started } = await signedInSession();
    session.open(null);
    const first = conversationOf(await session.send('How do tides work?', ['echo-basic']));
    const outcome = await session.summarize('no-such-model', 'Summary of “How do tides work?” to continue from');
    expect('error' in outcome && outcome.error.code).toBe('not_found');
    expect(started).toEqual([first]);
    const back = await when(session, (s) => s.conversationId === first && (s.messages?.length ?? 0) === 2);
    expect(back.messages?.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(session.draft(null)).toBe('');
  });

  it('with no conversation on screen there is nothing to summarise', async () => {
    const { session } = await signedInSession();
    session.open(null);
    const outcome = await session.summarize('echo-basic', 'Summary');
    expect('error' in outcome && outcome.error.code).toBe('validation');
  });
});
