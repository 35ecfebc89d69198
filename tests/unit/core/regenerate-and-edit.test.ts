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

describe('regenerate: a new version of each column', () => {
  it('shows new answers to the last user message, asking the same models again', async () => {
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

describe('edit: a new branch', () => {
  it('shows the edited message and its new answers in place of the last user message and its answers', async () => {
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

describe('versions and branches: nothing is replaced', () => {
  /** The shown path as role:model:content, with ‹index/count› where a message has versions. */
  const shown = (messages: readonly { role: string; modelId: string | null; content: string; version?: { index: number; count: number } }[]) =>
    messages.map((m) => `${m.role}:${m.modelId ?? '-'}:${m.content}${m.version ? ` ‹${m.version.index}/${m.version.count}›` : ''}`);

  it('regenerating keeps the earlier answers: each column shows 2/2, and version 1 brings the first answers back', async () => {
    const { regenerate, conversationId, contents, w, userId } = await conversation();
    const before = await contents();
    const run = await regenerate({ conversationId });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    const path = await w.conversationStore.listMessages(userId, conversationId);
    if (!path.success) throw new Error(path.error.message);
    expect(shown(path.data).slice(3)).toEqual(['assistant:echo-basic:echo-basic heard: second question ‹2/2›', 'assistant:echo-swift:echo-swift heard: second question ‹2/2›']);
    const ids = path.data.slice(3).map((m) => m.id);
    const basic = path.data[3]!;
    const shownPage = await w.conversationStore.showMessage(userId, conversationId, basic.id, 1);
    if (!shownPage.success) throw new Error(shownPage.error.message);
    const back = { data: shownPage.data.messages };
    expect(shown(back.data).slice(3)).toEqual(['assistant:echo-basic:echo-basic heard: second question ‹1/2›', 'assistant:echo-swift:echo-swift heard: second question ‹2/2›']);
    expect(back.data.map((m) => m.content)).toEqual([...before.slice(0, 4).map((c) => c.split(':').slice(2).join(':')), 'echo-swift heard: second question']);
    // The first answer of column 0 is shown again (not the one regenerated); column 1 still shows its second.
    expect(back.data[3]?.id).not.toBe(ids[0]);
    expect(back.data[4]?.id).toBe(ids[1]);
  });

  it('one column alone: regenerate keeps the other column as it is; a swap gives the column another model; the next column adds one', async () => {
    const { regenerate, conversationId, w, userId } = await conversation();
    await w.subscribe(userId);
    w.modelGateway.requests.length = 0;
    const one = await regenerate({ conversationId, column: 1 });
    if (!one.success) throw new Error(one.error.message);
    expect(one.data.modelIds).toEqual(['echo-swift']);
    await readAll(one.data.events);
    expect(w.modelGateway.requests.map((r) => r.modelIds[0])).toEqual(['echo-swift']);
    const swapped = await regenerate({ conversationId, column: 0, modelId: 'echo-pro' });
    if (!swapped.success) throw new Error(swapped.error.message);
    await readAll(swapped.data.events);
    const added = await regenerate({ conversationId, column: 2, modelId: 'echo-basic' });
    if (!added.success) throw new Error(added.error.message);
    await readAll(added.data.events);
    const path = await w.conversationStore.listMessages(userId, conversationId);
    if (!path.success) throw new Error(path.error.message);
    expect(path.data.slice(3).map((m) => [m.column, m.modelId, m.version?.index ?? 1, m.version?.count ?? 1])).toEqual([
      [0, 'echo-pro', 2, 2],
      [1, 'echo-swift', 2, 2],
      [2, 'echo-basic', 1, 1],
    ]);
    // The columns keep their models: regenerating them all now asks the swapped model in column 0.
    w.modelGateway.requests.length = 0;
    const all = await regenerate({ conversationId });
    if (!all.success) throw new Error(all.error.message);
    expect(all.data.modelIds).toEqual(['echo-pro', 'echo-swift', 'echo-basic']);
    await readAll(all.data.events);
  });

  it('a column that does not exist, a model already in another column, or a swap without a column is refused and changes nothing', async () => {
    const { regenerate, conversationId, contents } = await conversation();
    const before = await contents();
    expect(await regenerate({ conversationId, column: 5 })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: expect.stringContaining('no column 5') }) });
    expect(await regenerate({ conversationId, column: 0, modelId: 'echo-swift' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: 'That model already answers in column 1' }) });
    expect(await regenerate({ conversationId, modelId: 'echo-swift' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
    expect(await contents()).toEqual(before);
  });

  it('editing the first of two questions branches there: the models receive only the path up to it, and the old branch is one switch away', async () => {
    const { editLast, conversationId, w, userId } = await conversation();
    const path = await w.conversationStore.listMessages(userId, conversationId);
    if (!path.success) throw new Error(path.error.message);
    const first = path.data[0]!;
    w.modelGateway.requests.length = 0;
    const run = await editLast({ conversationId, messageId: first.id, message: 'first question, asked better' });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    expect(w.modelGateway.requests.map((r) => r.messages)).toEqual([[{ role: 'user', content: 'first question, asked better' }]]);
    const branched = await w.conversationStore.listMessages(userId, conversationId);
    if (!branched.success) throw new Error(branched.error.message);
    expect(shown(branched.data)).toEqual(['user:echo-basic:first question, asked better ‹2/2›', 'assistant:echo-basic:echo-basic heard: first question, asked better']);
    const shownPage = await w.conversationStore.showMessage(userId, conversationId, branched.data[0]!.id, 1);
    if (!shownPage.success) throw new Error(shownPage.error.message);
    const back = { data: shownPage.data.messages };
    expect(back.data.map((m) => m.content)).toEqual(path.data.map((m) => m.content));
    expect(back.data[0]?.version).toEqual({ index: 1, count: 2 });
  });

  it('a message that is not shown, or not a user message, cannot be edited: not_found, nothing written', async () => {
    const { editLast, conversationId, contents, w, userId } = await conversation();
    const path = await w.conversationStore.listMessages(userId, conversationId);
    if (!path.success) throw new Error(path.error.message);
    const before = await contents();
    expect(await editLast({ conversationId, messageId: path.data[1]!.id, message: 'x' })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(await editLast({ conversationId, messageId: 'msg_999999', message: 'x' })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(await contents()).toEqual(before);
  });

  it('a follow-up after switching to an earlier version continues from what is shown', async () => {
    const { regenerate, conversationId, w, userId } = await conversation();
    const run = await regenerate({ conversationId, column: 0 });
    if (!run.success) throw new Error(run.error.message);
    await readAll(run.data.events);
    const path = await w.conversationStore.listMessages(userId, conversationId);
    if (!path.success) throw new Error(path.error.message);
    await w.conversationStore.showMessage(userId, conversationId, path.data[3]!.id, 1);
    const next = await makeRunChat(w)({ conversationId, message: 'third question', modelIds: ['echo-basic'] });
    if (!next.success) throw new Error(next.error.message);
    await readAll(next.data.events);
    const after = await w.conversationStore.listMessages(userId, conversationId);
    if (!after.success) throw new Error(after.error.message);
    expect(after.data[3]?.version).toEqual({ index: 1, count: 2 });
    expect(after.data.slice(-2).map((m) => m.content)).toEqual(['third question', 'echo-basic heard: third question']);
    expect(after.data.at(-2)?.parentId).toBe(path.data[2]!.id);
  });
});
