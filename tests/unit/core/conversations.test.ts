import { describe, expect, it } from 'vitest';
import type { Conversation } from '../../../core/chat/index.js';
import { NO_AUTHENTICATED_USER } from '../../../core/shared/index.js';
import { makeCreateConversation, makeDeleteConversation, makeListConversations, makeListModels, makeOpenConversation, makeRenameConversation, makeRunChat } from '../../../core/chat/index.js';
import { inMemoryAppWorld, readAll } from '../../support/in-memory-app-world.js';

const setup = () => {
  const w = inMemoryAppWorld();
  const userId = w.signIn();
  return {
    w,
    userId,
    create: makeCreateConversation(w),
    rename: makeRenameConversation(w),
    remove: makeDeleteConversation(w),
    list: makeListConversations(w),
    open: makeOpenConversation(w),
  };
};

const made = async (create: ReturnType<typeof makeCreateConversation>, title?: string): Promise<Conversation> => {
  const r = await create(title === undefined ? {} : { title });
  if (!r.success) throw new Error(r.error.message);
  return r.data;
};

describe('models', () => {
  it('lists the catalogue with prices, plans and availability, signed in or not', async () => {
    const w = inMemoryAppWorld();
    const listed = await makeListModels(w)();
    expect(listed.success && listed.data.map((m) => [m.id, m.plan, m.available])).toEqual([
      ['echo-basic', 'free', true],
      ['echo-swift', 'free', true],
      ['echo-pro', 'paid', true],
      ['echo-unconfigured', 'free', false],
    ]);
  });
});

describe('conversations', () => {
  it('creates a conversation, "New chat" unless titled', async () => {
    const { create } = setup();
    expect((await made(create)).title).toBe('New chat');
    expect((await made(create, '  Trip plans  ')).title).toBe('Trip plans');
  });

  it('app §5: a title must not be empty nor longer than 120 characters', async () => {
    const { create, rename } = setup();
    expect(await create({ title: ' ' })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation', message: 'Title must not be empty' }) });
    const conv = await made(create);
    expect(await rename({ conversationId: conv.id, title: 'x'.repeat(121) })).toEqual({
      success: false,
      error: expect.objectContaining({ message: 'Title must contain at most 120 characters' }),
    });
  });

  it('renames and deletes a conversation', async () => {
    const { create, rename, remove, open } = setup();
    const conv = await made(create, 'Draft');
    expect(await rename({ conversationId: conv.id, title: 'Final' })).toEqual({ success: true, data: expect.objectContaining({ title: 'Final' }) });
    expect(await remove({ conversationId: conv.id })).toEqual({ success: true, data: undefined });
    expect(await open({ conversationId: conv.id })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
  });

  it('lists conversations most recent first and searches titles and messages', async () => {
    const { w, userId, create, list } = setup();
    await w.fund(userId, 100);
    const lisbon = await made(create, 'Trip to Lisbon');
    const chat = await makeRunChat(w)({ message: 'A pastel de nata recipe', modelIds: ['echo-basic'] });
    if (!chat.success) throw new Error(chat.error.message);
    await readAll(chat.data.events);
    const all = await list();
    expect(all.success && all.data.map((c) => c.id)).toEqual([chat.data.conversationId, lisbon.id]);
    const found = await list({ query: 'NATA' });
    expect(found.success && found.data.map((c) => c.id)).toEqual([chat.data.conversationId]);
    const limited = await list({ limit: 1 });
    expect(limited.success && limited.data).toHaveLength(1);
    expect(await list({ limit: 0 })).toEqual({ success: false, error: expect.objectContaining({ code: 'validation' }) });
  });

  it('opens a conversation with its messages, oldest first', async () => {
    const { w, userId, open } = setup();
    await w.fund(userId, 100);
    const chat = await makeRunChat(w)({ message: 'hello', modelIds: ['echo-basic'] });
    if (!chat.success) throw new Error(chat.error.message);
    await readAll(chat.data.events);
    const opened = await open({ conversationId: chat.data.conversationId });
    expect(opened.success && opened.data.messages.map((m) => m.role)).toEqual(['user', 'assistant']);
  });

  it("another user's conversation reads as not_found and cannot be changed", async () => {
    const { w, create } = setup();
    const mine = await made(create, 'Mine');
    w.signIn('grace@example.com');
    expect(await makeOpenConversation(w)({ conversationId: mine.id })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    expect(await makeRenameConversation(w)({ conversationId: mine.id, title: 'Taken' })).toEqual({
      success: false,
      error: expect.objectContaining({ code: 'not_found' }),
    });
    expect(await makeDeleteConversation(w)({ conversationId: mine.id })).toEqual({ success: false, error: expect.objectContaining({ code: 'not_found' }) });
    const listed = await makeListConversations(w)();
    expect(listed).toEqual({ success: true, data: [] });
  });

  it('app §8: every conversation use case answers No authenticated user when signed out', async () => {
    const { w, create, rename, remove, list, open } = setup();
    await w.signOut();
    for (const r of [
      await create(),
      await rename({ conversationId: 'c', title: 't' }),
      await remove({ conversationId: 'c' }),
      await list(),
      await open({ conversationId: 'c' }),
    ]) {
      expect(r).toEqual({ success: false, error: expect.objectContaining({ code: 'not_authenticated', message: NO_AUTHENTICATED_USER }) });
    }
  });
});
