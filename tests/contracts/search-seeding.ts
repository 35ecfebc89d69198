import type { ConversationStore } from '../../core/chat/index.js';

/** Writes a conversation with its messages through a ConversationStore, as the server's chat does. */
export const seedThrough =
  (store: ConversationStore) =>
  async (userId: string, title: string, messages: readonly { role: 'user' | 'assistant'; content: string; modelId?: string }[]) => {
    const created = await store.createConversation(userId, title);
    if (!created.success) throw new Error(created.error.message);
    const messageIds: string[] = [];
    for (const m of messages) {
      const saved = await store.appendMessage(userId, created.data.id, { role: m.role, content: m.content, modelId: m.modelId ?? null, inputTokens: null, outputTokens: null });
      if (!saved.success) throw new Error(saved.error.message);
      messageIds.push(saved.data.id);
    }
    return { conversationId: created.data.id, messageIds };
  };
