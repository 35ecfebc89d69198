/**
 * ConversationLibrary contract: a user's conversations as any side may handle them (list, search,
 * read, create empty, rename, delete). Run against every adapter of the port: the in-memory and
 * Supabase stores (the server's) and the browser's ApiConversationLibrary over /api/conversations.
 *
 * Harness the factory provides:
 * - `library`: the adapter;
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `library` act for that user (a token or a session is switched; adapters
 *   that filter by the `userId` argument need do nothing);
 * - `seedMessage(userId, conversationId, message)`: writes a message the way the server's chat use
 *   cases write it (ConversationStore.appendMessage on the server's side).
 */
import { describe, expect, it } from 'vitest';
import type { ChatMessage, ConversationLibrary, ConversationStore, NewMessage } from '../../core/chat/index.js';

export interface ConversationLibraryHarness {
  readonly library: ConversationLibrary;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
  seedMessage(userId: string, conversationId: string, message: NewMessage): Promise<ChatMessage>;
}

const data = <T>(r: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!r.success) throw new Error(`expected success, got: ${r.error.message}`);
  return r.data;
};

const userSays = (content: string): NewMessage => ({ role: 'user', content, modelId: null, inputTokens: null, outputTokens: null });
const modelSays = (modelId: string, content: string): NewMessage => ({ role: 'assistant', content, modelId, inputTokens: 3, outputTokens: 5 });

/** A server-side store's harness as a library harness: the store writes its own messages. */
export const storeAsLibrary =
  (make: () => Promise<{ store: ConversationStore; createUser(): Promise<string>; actAs(userId: string): Promise<void> }>) =>
  async (): Promise<ConversationLibraryHarness> => {
    const h = await make();
    return {
      library: h.store,
      createUser: () => h.createUser(),
      actAs: (userId) => h.actAs(userId),
      seedMessage: async (userId, conversationId, message) => data(await h.store.appendMessage(userId, conversationId, message)),
    };
  };

export function conversationLibraryContract(name: string, makeHarness: () => Promise<ConversationLibraryHarness>): void {
  describe(`ConversationLibrary contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user, library: h.library };
    };

    it('creates a conversation that can be read back and listed', async () => {
      const { library, user } = await signedIn();
      const created = data(await library.createConversation(user, 'Trip to Lisbon'));
      expect(created).toMatchObject({ userId: user, title: 'Trip to Lisbon' });
      expect(data(await library.getConversation(user, created.id))).toEqual(created);
      expect(data(await library.listConversations(user)).map((c) => c.id)).toEqual([created.id]);
    });

    it('reads the messages in order with their model and token counts', async () => {
      const { h, library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Numbers'));
      const question = await h.seedMessage(user, conv.id, userSays('What is 2 + 2?'));
      const answer = await h.seedMessage(user, conv.id, modelSays('echo-basic', '4'));
      const read = data(await library.listMessages(user, conv.id));
      expect(read.map((m) => m.id)).toEqual([question.id, answer.id]);
      expect(read[0]).toMatchObject({ conversationId: conv.id, role: 'user', content: 'What is 2 + 2?', modelId: null });
      expect(read[1]).toMatchObject({ role: 'assistant', modelId: 'echo-basic', inputTokens: 3, outputTokens: 5 });
    });

    it('an answer reads back with how it went (time to first words, duration, credits); a question and an older answer have none', async () => {
      const { h, library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Figures'));
      await h.seedMessage(user, conv.id, userSays('Name a lighthouse'));
      await h.seedMessage(user, conv.id, { ...modelSays('echo-basic', 'Eddystone'), firstTokenMs: 420, durationMs: 3100, creditsCharged: 7 });
      await h.seedMessage(user, conv.id, modelSays('echo-swift', 'Pharos'));
      const read = data(await library.listMessages(user, conv.id));
      expect(read.map((m) => [m.firstTokenMs, m.durationMs, m.creditsCharged])).toEqual([
        [undefined, undefined, undefined],
        [420, 3100, 7],
        [undefined, undefined, undefined],
      ]);
    });

    it('lists the most recently active conversation first and honours the limit', async () => {
      const { h, library, user } = await signedIn();
      const older = data(await library.createConversation(user, 'Older'));
      const newer = data(await library.createConversation(user, 'Newer'));
      await h.seedMessage(user, older.id, userSays('bump'));
      expect(data(await library.listConversations(user)).map((c) => c.id)).toEqual([older.id, newer.id]);
      expect(data(await library.listConversations(user, { limit: 1 })).map((c) => c.id)).toEqual([older.id]);
    });

    it('searches titles and message text, ignoring case', async () => {
      const { h, library, user } = await signedIn();
      const lisbon = data(await library.createConversation(user, 'Trip to Lisbon'));
      const recipes = data(await library.createConversation(user, 'Recipes'));
      await h.seedMessage(user, recipes.id, userSays('A pastel de nata recipe, please'));
      expect(data(await library.listConversations(user, { query: 'lisbon' })).map((c) => c.id)).toEqual([lisbon.id]);
      expect(data(await library.listConversations(user, { query: 'PASTEL' })).map((c) => c.id)).toEqual([recipes.id]);
      expect(data(await library.listConversations(user, { query: 'nothing like this' }))).toEqual([]);
    });

    it('renames a conversation', async () => {
      const { library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Draft'));
      expect(data(await library.renameConversation(user, conv.id, 'Final')).title).toBe('Final');
      expect(data(await library.getConversation(user, conv.id))?.title).toBe('Final');
    });

    it('deletes a conversation with its messages', async () => {
      const { h, library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Short-lived'));
      await h.seedMessage(user, conv.id, userSays('hello'));
      data(await library.deleteConversation(user, conv.id));
      expect(data(await library.getConversation(user, conv.id))).toBeNull();
      expect(data(await library.listConversations(user))).toEqual([]);
      const messages = await library.listMessages(user, conv.id);
      expect(messages.success ? messages.data : messages.error.code).toEqual(messages.success ? [] : 'not_found');
    });

    it('answers not_found (or null on a read) for a conversation that does not exist', async () => {
      const { library, user } = await signedIn();
      const missing = '00000000-0000-4000-8000-00000000beef';
      expect(data(await library.getConversation(user, missing))).toBeNull();
      for (const r of [await library.renameConversation(user, missing, 'x'), await library.deleteConversation(user, missing)]) {
        expect(r.success ? 'ok' : r.error.code).toBe('not_found');
      }
    });

    it("one user never sees or changes another user's conversations, and a foreign id reads as a missing one", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      const secret = data(await h.library.createConversation(alice, 'Alice only'));
      await h.seedMessage(alice, secret.id, userSays('private'));
      await h.actAs(bob);
      expect(data(await h.library.getConversation(bob, secret.id))).toBeNull();
      expect(data(await h.library.listConversations(bob))).toEqual([]);
      expect(data(await h.library.listConversations(bob, { query: 'private' }))).toEqual([]);
      const read = await h.library.listMessages(bob, secret.id);
      expect(read.success ? read.data : read.error.code).toEqual(read.success ? [] : 'not_found');
      for (const r of [await h.library.renameConversation(bob, secret.id, 'Taken'), await h.library.deleteConversation(bob, secret.id)]) {
        expect(r.success ? 'ok' : r.error.code).toBe('not_found');
      }
      await h.actAs(alice);
      expect(data(await h.library.getConversation(alice, secret.id))?.title).toBe('Alice only');
      expect(data(await h.library.listMessages(alice, secret.id))).toHaveLength(1);
    });

    it('a conversation has no instruction and no settings until they are saved; then it reads back what was saved', async () => {
      const { library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Tuned'));
      expect(data(await library.getSettings(user, conv.id))).toEqual({ instruction: '', models: {} });
      const settings = {
        instruction: 'Answer in French, as a sailor would.',
        models: { offline: { temperature: 0.25, maxOutputTokens: 300 }, 'offline-brief': { maxOutputTokens: 80 } },
      };
      expect(data(await library.saveSettings(user, conv.id, settings))).toEqual(settings);
      expect(data(await library.getSettings(user, conv.id))).toEqual(settings);
      // Saved as a whole: a model left out loses its settings, an empty instruction clears it.
      const next = { instruction: '', models: { offline: { temperature: 1 } } };
      data(await library.saveSettings(user, conv.id, next));
      expect(data(await library.getSettings(user, conv.id))).toEqual(next);
    });

    it("another user's settings read and write as a missing conversation, and stay as they were", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      const conv = data(await h.library.createConversation(alice, 'Alice tuned'));
      data(await h.library.saveSettings(alice, conv.id, { instruction: 'Alice only', models: {} }));
      await h.actAs(bob);
      for (const r of [await h.library.getSettings(bob, conv.id), await h.library.saveSettings(bob, conv.id, { instruction: 'Taken', models: {} })]) {
        expect(r.success ? 'ok' : r.error.code).toBe('not_found');
      }
      const missing = await h.library.getSettings(bob, '00000000-0000-4000-8000-00000000beef');
      expect(missing.success ? 'ok' : missing.error.code).toBe('not_found');
      await h.actAs(alice);
      expect(data(await h.library.getSettings(alice, conv.id)).instruction).toBe('Alice only');
    });

    it('a merged answer keeps the models it merged', async () => {
      const { h, library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Merged'));
      await h.seedMessage(user, conv.id, { ...userSays('Name a lighthouse'), modelIds: ['offline', 'offline-brief'] });
      await h.seedMessage(user, conv.id, modelSays('offline', 'Eddystone'));
      await h.seedMessage(user, conv.id, modelSays('offline-brief', 'Pharos'));
      await h.seedMessage(user, conv.id, { ...modelSays('offline', 'Eddystone and Pharos'), mergedFrom: ['offline', 'offline-brief'] });
      const messages = data(await library.listMessages(user, conv.id));
      expect(messages.map((m) => m.mergedFrom ?? null)).toEqual([null, null, null, ['offline', 'offline-brief']]);
    });
  });
}
