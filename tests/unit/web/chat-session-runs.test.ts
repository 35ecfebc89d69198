// The chat on screen with answers that outlive their page: Stop goes to the server, going elsewhere
// only stops reading, and a reloaded page (a new session) shows the rest of a running answer
// without sending anything again. The in-memory ChatClient runs the server's own use cases and
// relay, with a model that takes a few milliseconds a token.
import { describe, expect, it } from 'vitest';
import { InMemoryChatClient, inMemoryRelay } from '../../../adapters/in-memory/in-memory-chat-client.js';
import { echoTokens, InMemoryModelGateway } from '../../../adapters/in-memory/in-memory-model-gateway.js';
import { InMemoryProfileStore } from '../../../adapters/in-memory/in-memory-profile-store.js';
import { SERVICE_ROLE } from '../../../adapters/in-memory/in-memory-database.js';
import { makeFindLiveChatRun, makeRegenerateChatAnswers, makeResumeChatRun, makeSendChatMessage, makeStopChatRun } from '../../../core/chat/index.js';
import { makeGetCurrentUser } from '../../../core/auth/index.js';
import { ChatSession, type ChatSessionPorts, type ChatSessionState } from '../../../web/client/features/chat/state/chat-session.js';
import { inMemoryUseCases } from './support/in-memory-use-cases.js';

const QUESTION = 'Write a long story about the sea and the ships on it';
const FULL = `echo-basic heard: ${QUESTION}`;

async function world() {
  const w = inMemoryUseCases({ signedIn: 'profiled' });
  const userId = w.userId as string;
  const granted = await w.deps.usageLedger.grantCredits({ userId, amount: 10_000, kind: 'manual_grant', reason: 'test', reference: null });
  if (!granted.success) throw new Error(granted.error.message);
  const currentUser = makeGetCurrentUser({ authenticator: w.deps.authenticator });
  const logger = w.deps.logger;
  // One server: every page (session) of the test talks to the same relay.
  const chatClient = new InMemoryChatClient({
    currentUser, logger, modelGateway: new InMemoryModelGateway({ tokenDelayMs: 4 }), conversationStore: w.deps.conversationStore,
    conversationTurns: w.deps.conversationTurns, usageLedger: w.deps.usageLedger, profileStore: new InMemoryProfileStore(w.deps.db, SERVICE_ROLE),
    relay: inMemoryRelay({ logger }), clock: w.deps.clock,
  });
  const deps = { currentUser, chatClient };
  const findLiveChatRun = makeFindLiveChatRun(deps);
  /** A page (a session of the app); `ports` stand in for what its reads answered at another moment. */
  const page = (ports: Partial<Pick<ChatSessionPorts, 'openConversation' | 'findLiveChatRun'>> = {}) =>
    new ChatSession({
      ...w.useCases,
      sendChatMessage: makeSendChatMessage(deps),
      regenerateChatAnswers: makeRegenerateChatAnswers(deps),
      resumeChatRun: makeResumeChatRun(deps),
      stopChatRun: makeStopChatRun(deps),
      findLiveChatRun,
      ...ports,
    });
  const stored = async (conversationId: string) => {
    const listed = await w.deps.conversationStore.listMessages(userId, conversationId);
    if (!listed.success) throw new Error(listed.error.message);
    return listed.data;
  };
  return { page, stored, findLiveChatRun, openConversation: w.useCases.openConversation };
}

/** Resolves once the session's state satisfies `holds` (checked on every change). */
function when(session: ChatSession, holds: (state: ChatSessionState) => boolean): Promise<ChatSessionState> {
  return new Promise((resolve) => {
    const check = () => {
      if (!holds(session.snapshot())) return;
      stop();
      resolve(session.snapshot());
    };
    const stop = session.subscribe(check);
    check();
  });
}

const shownText = (state: ChatSessionState) => state.run?.answers[0]?.content ?? '';
const answerOf = (state: ChatSessionState) => state.messages?.filter((m) => m.role === 'assistant').at(-1)?.content;

describe('ChatSession with answers that outlive the page', () => {
  it('Stop stops the answer on the server: what was shown is what is saved, and less than the whole', async () => {
    const { page, stored } = await world();
    const session = page();
    session.open(null);
    const outcome = session.send(QUESTION, ['echo-basic']);
    await when(session, (s) => shownText(s) !== '');
    session.stop();
    const ended = await outcome;
    if (!('conversationId' in ended)) throw new Error('refused');
    const messages = await stored(ended.conversationId);
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(messages[1]!.content.length).toBeLessThan(FULL.length);
    expect(answerOf(session.snapshot())).toBe(messages[1]!.content);
    expect(session.streaming).toBe(false);
  });

  it('Stop pressed before the server named the run is sent as soon as it does', async () => {
    const { page, stored } = await world();
    const session = page();
    session.open(null);
    const outcome = session.send(QUESTION, ['echo-basic']);
    session.stop();
    const ended = await outcome;
    if (!('conversationId' in ended)) throw new Error('refused');
    const answers = (await stored(ended.conversationId)).filter((m) => m.role === 'assistant');
    expect(answers.every((m) => m.content.length < FULL.length)).toBe(true);
  });

  it('a reloaded page shows the rest of the running answer, without sending again', async () => {
    const { page, stored } = await world();
    const before = page();
    before.open(null);
    const outcome = before.send(QUESTION, ['echo-basic']);
    const partly = await when(before, (s) => echoTokens(shownText(s)).length >= 2);
    const conversationId = partly.conversationId as string;
    // The page goes away (a reload): it stops reading; the answer goes on on the server.
    before.detach();
    await outcome;
    const after = page();
    after.open(conversationId);
    const resumed = await when(after, (s) => s.run?.streaming === true && shownText(s) !== '');
    expect(resumed.run?.question).toBe(QUESTION);
    expect(resumed.messages?.map((m) => m.role)).toEqual(['user']);
    const done = await when(after, (s) => s.run === null && s.messages?.length === 2);
    expect(answerOf(done)).toBe(FULL);
    expect((await stored(conversationId)).map((m) => [m.role, m.content])).toEqual([['user', QUESTION], ['assistant', FULL]]);
  });

  /** Sends QUESTION, leaves the page while it is answered; `whileRunning` reads what a reload would. */
  async function leftWhileRunning<T>(w: Awaited<ReturnType<typeof world>>, whileRunning: (conversationId: string) => Promise<T>) {
    const before = w.page();
    before.open(null);
    const outcome = before.send(QUESTION, ['echo-basic']);
    const conversationId = (await when(before, (s) => echoTokens(shownText(s)).length >= 2)).conversationId as string;
    const read = await whileRunning(conversationId);
    before.detach();
    await outcome;
    // Another page sees the answer to its end: the run is over and stored.
    const watcher = w.page();
    watcher.open(conversationId);
    await when(watcher, (s) => s.run === null && s.messages?.length === 2);
    watcher.detach();
    return { conversationId, read };
  }

  it('a reload that finds the run live just before it ends and stored shows the answer once, then as stored', async () => {
    const w = await world();
    const { conversationId, read: foundLive } = await leftWhileRunning(w, (id) => w.findLiveChatRun({ conversationId: id }));
    expect(foundLive.success && foundLive.data !== null).toBe(true);
    // The page's two reads straddle the run's end: the live run was asked first, the messages after it ended.
    const after = w.page({ findLiveChatRun: async () => foundLive });
    const seen: ChatSessionState[] = [];
    after.subscribe(() => seen.push(after.snapshot()));
    after.open(conversationId);
    const done = await when(after, (s) => s.run === null && s.messages?.length === 2);
    expect(answerOf(done)).toBe(FULL);
    expect(seen.some((s) => s.run !== null)).toBe(true);
    const twice = seen.filter((s) => s.run !== null && s.messages?.some((m) => m.role === 'assistant'));
    expect(twice, 'the answer was on screen twice: stored and as the run').toEqual([]);
  });

  it('a reload whose messages were read just before the run stored its answer reads them again', async () => {
    const w = await world();
    const { conversationId, read: stale } = await leftWhileRunning(w, (id) => w.openConversation({ conversationId: id }));
    expect(stale.success && stale.data.messages.map((m) => m.role)).toEqual(['user']);
    let reads = 0;
    // The messages were read before the end, the live run asked after it (and found none).
    const after = w.page({ openConversation: async (input) => (++reads === 1 ? stale : w.openConversation(input)) });
    after.open(conversationId);
    // What the page shows first is already whole: the answer, nothing running.
    const shown = await when(after, (s) => s.messages !== undefined);
    expect(shown.messages?.map((m) => m.role)).toEqual(['user', 'assistant']);
    expect(answerOf(shown)).toBe(FULL);
    expect(shown.run).toBeNull();
    expect(reads).toBe(2);
  });

  it('opening another conversation only stops reading: the answer is finished and saved whole, and shows on return', async () => {
    const { page, stored } = await world();
    const session = page();
    session.open(null);
    const outcome = session.send(QUESTION, ['echo-basic']);
    const partly = await when(session, (s) => shownText(s) !== '');
    const conversationId = partly.conversationId as string;
    session.open(null);
    await outcome;
    session.open(conversationId);
    const back = await when(session, (s) => s.run === null && s.messages?.length === 2);
    expect(answerOf(back)).toBe(FULL);
    expect((await stored(conversationId)).at(-1)?.content).toBe(FULL);
  });
});
