import { describe, expect, it } from 'vitest';
import { domainError } from '../../../core/shared/index.js';
import { makeEditLastMessage, makeRegenerateAnswer, makeRunChat } from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll } from '../../support/in-memory-app-world.js';

/** A conversation with two exchanges, the second answered by two models. */
const conversation = async () => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  await w.fund(userId, 1000);
  const runChat = makeRunChat(w);
  const first = await runChat({ message: 'first question', modelIds: ['echo-basic'] });
  if (!first.success) throw new Error(first.error.message);
  await readAll(first.data.events);
  const conversationId = first.data.conversationId;
  const second = await runChat({ conversationId, message: 'second question', modelIds: ['echo-basic', 'echo-swift'] });
  if (!second.success) throw new Error(second.error.message);
  await readAll(second.data.events);
  const contents = async () => {
    const messages = await w.conversationStore.listMessages(userId, conversationId);
    if (!messages.success) throw new Error(messages.error.message);
    return messages.data.map((m) => `${m.role}:${m.modelId ?? '-'}:${m.content}`);
  };
  return { w, userId, conversationId, contents, regenerate: makeRegenerateAnswer(w), editLast: makeEditLastMessage(w) };
};

describe('regenerate (ConversationStore.truncateFrom)', () => {
  it('replaces the answers to the last user message, asking the same models again', async () => {
    const { regenerate, conversationId, contents, w } = await conversation();
    const before = await contents();
    w.modelGateway.requests.length = 0;
    const run = await regenerate({ conversationId });
    if (!run.success) throw new Error(run.error.message);
    expect(run.data.userMessage.content).toBe('second question');
    await readAll(run.data.events);
    expect(w.modelGateway.requests.map((r) => r.modelIds[0]).sort()).toEqual(['echo-basic', 'echo-swift']);
    const after = await contents();
    expect(after).toHaveLength(before.length);
    expect(after.slice(0, 3)).toEqual(before.slice(0, 3));
    expect(after.slice(3).sort()).toEqual(before.slice(3).sort());
  });

  it('the models sent the history up to the last user message, not the old answers to it', async () => {
    const { regenerate, conversationId, w } = await conversation();
    w.modelGateway.requests.length = 0;
    const run = await regenerate({ conversationId, modelIds: ['echo-swift'] });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    expect(w.modelGateway.requests[0]?.messages).toEqual([
      { role: 'user', content: 'first question' },
      { role: 'user', content: 'second question' },
    ]);
  });

  it('regenerating is charged like a new answer', async () => {
    const { regenerate, conversationId, w, userId } = await conversation();
    const before = await w.usageLedger.getBalance(userId);
    const run = await regenerate({ conversationId });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    const charged = (await run.data.settled).reduce((sum, a) => sum + a.creditsCharged, 0);
    expect(charged).toBeGreaterThan(0);
    const after = await w.usageLedger.getBalance(userId);
    expect(before.success && after.success && before.data - after.data).toBe(charged);
  });

  it('refusals leave the conversation untouched', async () => {
    const { regenerate, conversationId, contents } = await conversation();
    const before = await contents();
    expect(await regenerate({ conversationId, modelIds: ['echo-pro'] })).toEqual({ success: false, error: expect.objectContaining({ code: 'forbidden' }) });
    expect(await contents()).toEqual(before);
  });

  it('an empty conversation has nothing to regenerate', async () => {
    const w = inMemoryAppWorld();
    const userId = w.signIn();
    const conv = await w.conversationStore.createConversation(userId, 'Empty');
    if (!conv.success) throw new Error('setup');
    expect(await makeRegenerateAnswer(w)({ conversationId: conv.data.id })).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'validation', message: 'There is no message to answer again' }),
    });
  });
});

describe('edit last message (ConversationStore.truncateFrom)', () => {
  it('replaces the last user message and its answers with the edited message and new answers', async () => {
    const { editLast, conversationId, contents } = await conversation();
    const run = await editLast({ conversationId, message: 'second question, better phrased' });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    const after = await contents();
    expect(after.slice(0, 2)).toEqual(['user:echo-basic:first question', 'assistant:echo-basic:echo-basic heard: first question']);
    expect(after[2]).toBe('user:-:second question, better phrased');
    expect(after.slice(3).sort()).toEqual([
      'assistant:echo-basic:echo-basic heard: second question, better phrased',
      'assistant:echo-swift:echo-swift heard: second question, better phrased',
    ]);
  });

  it('the edited message must not be empty; refusals change nothing', async () => {
    const { editLast, conversationId, contents } = await conversation();
    const before = await contents();
    expect(await editLast({ conversationId, message: ' ' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
    expect(await editLast({ conversationId, message: 'x', modelIds: ['echo-unconfigured'] })).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'model_unavailable' }),
    });
    expect(await contents()).toEqual(before);
  });

  it('app §8: No authenticated user when signed out', async () => {
    const { editLast, regenerate, conversationId, w } = await conversation();
    await w.signOut();
    expect(await editLast({ conversationId, message: 'x' })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_authenticated' }) });
    expect(await regenerate({ conversationId })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_authenticated' }) });
  });
});

describe('regenerate and edit last: credit holds', () => {
  const balanceOf = async (w: ReturnType<typeof inMemoryAppWorld>, userId: string) => {
    const balance = await w.usageLedger.getBalance(userId);
    if (!balance.success) throw new Error(balance.error.message);
    return balance.data;
  };
  /** Holds everything but `left` credits, as other running chats would. */
  const holdAllBut = async (w: ReturnType<typeof inMemoryAppWorld>, userId: string, left: number) => {
    const hold = await w.usageLedger.holdCredits({ userId, amount: (await balanceOf(w, userId)) - left, ttlSeconds: 60 });
    if (!hold.success) throw new Error(hold.error.message);
    return hold.data.id;
  };
  const canHoldAll = async (w: ReturnType<typeof inMemoryAppWorld>, userId: string) =>
    (await w.usageLedger.holdCredits({ userId, amount: await balanceOf(w, userId), ttlSeconds: 60 })).success;

  it('regenerating while other chats hold the balance is refused and changes nothing', async () => {
    const { regenerate, conversationId, contents, w, userId } = await conversation();
    const before = await contents();
    const other = await holdAllBut(w, userId, 1);
    w.modelGateway.requests.length = 0;
    expect(await regenerate({ conversationId })).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits' }) });
    expect(w.modelGateway.requests).toEqual([]);
    expect(await contents()).toEqual(before);
    await w.usageLedger.releaseHold({ holdId: other, userId });
    expect(await canHoldAll(w, userId)).toBe(true);
  });

  it('a regeneration whose old answers cannot be removed gives its holds back', async () => {
    const { regenerate, conversationId, w, userId } = await conversation();
    w.conversationStore.failures.failNext('truncateFrom', domainError('network', 'db down'));
    expect(await regenerate({ conversationId })).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(await canHoldAll(w, userId)).toBe(true);
  });

  it('regenerated answers settle their holds: charged exactly, nothing left held', async () => {
    const { regenerate, conversationId, w, userId } = await conversation();
    const before = await balanceOf(w, userId);
    const run = await regenerate({ conversationId });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    const charged = (await run.data.settled).reduce((sum, a) => sum + a.creditsCharged, 0);
    expect(await balanceOf(w, userId)).toBe(before - charged);
    expect(await canHoldAll(w, userId)).toBe(true);
  });

  it('an edit whose old message cannot be removed gives its holds back', async () => {
    const { editLast, conversationId, w, userId } = await conversation();
    w.conversationStore.failures.failNext('truncateFrom', domainError('network', 'db down'));
    expect(await editLast({ conversationId, message: 'again' })).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(await canHoldAll(w, userId)).toBe(true);
  });

  it('an edit whose new message cannot be saved gives its holds back', async () => {
    const { editLast, conversationId, w, userId } = await conversation();
    const holdId = await holdAllBut(w, userId, 500);
    w.conversationStore.failures.failNext('appendMessage', domainError('network', 'db down'));
    expect(await editLast({ conversationId, message: 'again' })).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    await w.usageLedger.releaseHold({ holdId, userId });
    expect(await canHoldAll(w, userId)).toBe(true);
  });

  it('editing while other chats hold the balance is refused before anything is removed', async () => {
    const { editLast, conversationId, contents, w, userId } = await conversation();
    const before = await contents();
    await holdAllBut(w, userId, 0);
    expect(await editLast({ conversationId, message: 'again' })).toEqual({ success: false, error: expect.objectContaining({ code: 'insufficient_credits' }) });
    expect(await contents()).toEqual(before);
  });
});
