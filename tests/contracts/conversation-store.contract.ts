/**
 * ConversationStore contract (conversations and messages, per user).
 *
 * Harness the factory provides:
 * - `store`: the adapter;
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `store` act for that user. Adapters under row-level security switch to
 *   the user's token here; adapters that filter by the `userId` argument need not do anything.
 *
 * The reads, names and deletes are also the ConversationLibrary contract (the browser's adapter runs
 * that one); this suite adds the message writes only the server's chat use cases make.
 */
import { describe, expect, it } from 'vitest';
import type { AttachmentRef, ChatMessage, ConversationStore, NewMessage } from '../../core/chat/index.js';

export interface ConversationStoreHarness {
  readonly store: ConversationStore;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

const userSays = (content: string): NewMessage => ({ role: 'user', content, modelId: null, inputTokens: null, outputTokens: null });
const modelSays = (modelId: string, content: string): NewMessage => ({
  role: 'assistant',
  content,
  modelId,
  inputTokens: 3,
  outputTokens: 5,
});

const notes: AttachmentRef = { id: '00000000-0000-4000-8000-0000000000aa', name: 'notes.txt', mediaType: 'text/plain', kind: 'text', size: 12, textTokens: 3 };

/** Stores a message through the store itself. */
const append = async (h: ConversationStoreHarness, userId: string, conversationId: string, message: NewMessage): Promise<ChatMessage> =>
  data(await h.store.appendMessage(userId, conversationId, message));

export function conversationStoreContract(name: string, makeHarness: () => Promise<ConversationStoreHarness>): void {
  describe(`ConversationStore contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user, store: h.store };
    };

    it('keeps messages in order with their model and token counts', async () => {
      const { h, store, user } = await signedIn();
      const conv = data(await store.createConversation(user, 'Numbers'));
      const question = await append(h, user, conv.id, userSays('What is 2 + 2?'));
      const answer = await append(h, user, conv.id, modelSays('echo-basic', '4'));
      expect(question).toMatchObject({ conversationId: conv.id, role: 'user', content: 'What is 2 + 2?', modelId: null });
      expect(answer).toMatchObject({ role: 'assistant', modelId: 'echo-basic', inputTokens: 3, outputTokens: 5 });
      expect(data(await store.listMessages(user, conv.id)).map((m) => m.id)).toEqual([question.id, answer.id]);
    });

    it('keeps how an answer went: ms to its first words and to its end, and the credits it was charged', async () => {
      const { h, store, user } = await signedIn();
      const conv = data(await store.createConversation(user, 'Figures'));
      const question = await append(h, user, conv.id, userSays('Name a river'));
      const answer = await append(h, user, conv.id, { ...modelSays('echo-basic', 'Rhine'), firstTokenMs: 0, durationMs: 1250, creditsCharged: 0 });
      const partial = await append(h, user, conv.id, { ...modelSays('echo-swift', 'Danube'), durationMs: 80 });
      expect(answer).toMatchObject({ firstTokenMs: 0, durationMs: 1250, creditsCharged: 0 });
      const read = data(await store.listMessages(user, conv.id));
      expect(read.map((m) => [m.id, m.firstTokenMs, m.durationMs, m.creditsCharged])).toEqual([
        [question.id, undefined, undefined, undefined],
        [answer.id, 0, 1250, 0],
        [partial.id, undefined, 80, undefined],
      ]);
    });

    it('truncateFrom removes the given message and everything after it', async () => {
      const { h, store, user } = await signedIn();
      const conv = data(await store.createConversation(user, 'Edits'));
      const first = await append(h, user, conv.id, userSays('one'));
      const second = await append(h, user, conv.id, userSays('two'));
      await append(h, user, conv.id, modelSays('echo-basic', 'answer to two'));
      data(await store.truncateFrom(user, conv.id, second.id));
      expect(data(await store.listMessages(user, conv.id)).map((m) => m.id)).toEqual([first.id]);
    });

    it('answers not_found for a conversation or message that does not exist', async () => {
      const { store, user } = await signedIn();
      const missing = '00000000-0000-4000-8000-00000000beef';
      expect(data(await store.getConversation(user, missing))).toBeNull();
      for (const r of [
        await store.renameConversation(user, missing, 'x'),
        await store.appendMessage(user, missing, userSays('x')),
        await store.deleteConversation(user, missing),
      ]) {
        expect(r.success ? 'ok' : r.error.code).toBe('not_found');
      }
      const conv = data(await store.createConversation(user, 'Real'));
      const truncated = await store.truncateFrom(user, conv.id, missing);
      expect(truncated.success ? 'ok' : truncated.error.code).toBe('not_found');
    });

    it("one user never sees or changes another user's conversations", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      const secret = data(await h.store.createConversation(alice, 'Alice only'));
      const question = await append(h, alice, secret.id, userSays('private'));
      const answer = await append(h, alice, secret.id, modelSays('echo-basic', 'private answer'));
      data(await h.store.attachToMessage(alice, secret.id, question.id, [notes]));
      await h.actAs(bob);
      const own = data(await h.store.createConversation(bob, 'Bob’s'));
      expect(data(await h.store.getConversation(bob, secret.id))).toBeNull();
      expect(data(await h.store.listConversations(bob))).toEqual([own]);
      expect(data(await h.store.listConversations(bob, { query: 'private' }))).toEqual([]);
      // Reads show nothing of A's: empty, or not_found as for a missing conversation.
      const read = await h.store.listMessages(bob, secret.id);
      expect(read.success ? read.data : read.error.code).toEqual(read.success ? [] : 'not_found');
      const files = await h.store.listAttachments(bob, secret.id);
      expect(files.success ? [...files.data] : files.error.code).toEqual(files.success ? [] : 'not_found');
      const refused = {
        rename: await h.store.renameConversation(bob, secret.id, 'Taken'),
        append: await h.store.appendMessage(bob, secret.id, userSays('intrusion')),
        // Edit-last and regenerate with A's ids: in A's conversation, and with A's message named from B's own.
        truncate: await h.store.truncateFrom(bob, secret.id, answer.id),
        truncateFromOwn: await h.store.truncateFrom(bob, own.id, question.id),
        attach: await h.store.attachToMessage(bob, secret.id, question.id, []),
        attachFromOwn: await h.store.attachToMessage(bob, own.id, question.id, [notes]),
        settings: await h.store.getSettings(bob, secret.id),
        delete: await h.store.deleteConversation(bob, secret.id),
      };
      expect(Object.fromEntries(Object.entries(refused).map(([k, r]) => [k, r.success ? 'ok' : r.error.code]))).toEqual({
        rename: 'not_found', append: 'not_found', truncate: 'not_found', truncateFromOwn: 'not_found',
        attach: 'not_found', attachFromOwn: 'not_found', settings: 'not_found', delete: 'not_found',
      });
      await h.actAs(alice);
      expect(data(await h.store.getConversation(alice, secret.id))?.title).toBe('Alice only');
      expect(data(await h.store.listMessages(alice, secret.id)).map((m) => [m.id, m.content])).toEqual([[question.id, 'private'], [answer.id, 'private answer']]);
      expect([...data(await h.store.listAttachments(alice, secret.id))]).toEqual([[question.id, [notes]]]);
    });
  });
}
