import { describe, expect, it } from 'vitest';
import { InMemoryClock } from '../../../adapters/in-memory/in-memory-clock.js';
import { InMemoryConversationStore } from '../../../adapters/in-memory/in-memory-conversation-store.js';
import { exportEntries, type ConversationExport } from '../../../core/chat/index.js';

// The export reads the whole list before the conversations, so what happens in another tab while it
// runs (a message sent, a chat deleted) neither skips a conversation nor exports one twice.

const seeded = async (count: number) => {
  const clock = new InMemoryClock(new Date('2026-11-29T09:00:00.000Z'));
  const store = new InMemoryConversationStore({ clock });
  const ids: string[] = [];
  for (let i = 1; i <= count; i += 1) {
    clock.advance(1000);
    const created = await store.createConversation('ada', `Chat ${i}`);
    if (!created.success) throw new Error(created.error.message);
    ids.push(created.data.id);
  }
  return { store, clock, ids };
};
const collect = async (store: InMemoryConversationStore, userId: string) => {
  const entries = [];
  for await (const entry of exportEntries(store, userId)) entries.push(entry.success ? 'ok' : entry.error.code);
  return entries;
};
const say = (content: string) => ({ role: 'user' as const, content, modelId: null, inputTokens: null, outputTokens: null });

describe('exporting every conversation of a user', () => {
  it('a conversation that moves to the top while the export runs is exported once; one deleted meanwhile is left out; all others once each', async () => {
    const { store, clock, ids } = await seeded(250);
    const exported: ConversationExport[] = [];
    for await (const entry of exportEntries(store, 'ada')) {
      if (!entry.success) throw new Error(entry.error.message);
      exported.push(entry.data);
      if (exported.length === 1) {
        // Chat 20 is on the list's third page: a message moves it to the top.
        clock.advance(1000);
        await store.appendMessage('ada', ids[19] as string, say('high water at six'));
        await store.deleteConversation('ada', ids[9] as string);
      }
    }
    const titles = exported.map((e) => e.conversation.title);
    expect(titles).toHaveLength(249);
    expect(new Set(titles).size).toBe(249);
    expect(titles).toContain('Chat 20');
    expect(titles).not.toContain('Chat 10');
    expect(exported.find((e) => e.conversation.title === 'Chat 20')?.messages.map((m) => m.content)).toEqual(['high water at six']);
  });

  it('a list that cannot be read, or a conversation whose messages cannot, ends the export with that failure', async () => {
    const { store } = await seeded(3);
    store.failures.failNext('listConversations');
    expect(await collect(store, 'ada')).toEqual(['network']);
    store.failures.failNext('listMessages');
    expect(await collect(store, 'ada')).toEqual(['network']);
    expect(await collect(store, 'ada')).toEqual(['ok', 'ok', 'ok']);
    expect(await collect(store, 'nobody')).toEqual([]);
  });
});
