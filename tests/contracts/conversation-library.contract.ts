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
import type { ChatMessage, ConversationLibrary, ConversationStore, NewMessage, PathPage } from '../../core/chat/index.js';
import { MAX_PAGE_TURNS, markOutdatedMerges, weightOf } from '../../core/chat/index.js';

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
const codeOf = (r: { success: true } | { success: false; error: { code: string } }): string => (r.success ? 'ok' : r.error.code);
/** A page as the contents of its messages and its cursors, by the messages' contents (ids differ between adapters). */
const pageView = (page: PathPage, contentOf: ReadonlyMap<string, string>) => ({
  messages: page.messages.map((m) => m.content),
  older: page.older === null ? null : (contentOf.get(page.older) ?? page.older),
  newer: page.newer === null ? null : (contentOf.get(page.newer) ?? page.newer),
});

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

    it('a rename keeps the conversation\'s place and its updatedAt: the list follows activity, not titles', async () => {
      const { h, library, user } = await signedIn();
      const older = data(await library.createConversation(user, 'Older'));
      const newer = data(await library.createConversation(user, 'Newer'));
      const ids = async () => data(await library.listConversations(user)).map((c) => c.id);
      expect(await ids()).toEqual([newer.id, older.id]);
      const renamed = data(await library.renameConversation(user, older.id, 'Older, renamed'));
      expect(renamed.updatedAt).toBe(older.updatedAt);
      expect(data(await library.getConversation(user, older.id))?.updatedAt).toBe(older.updatedAt);
      expect(await ids()).toEqual([newer.id, older.id]);
      // A message is activity: it moves the conversation up.
      await h.seedMessage(user, older.id, userSays('And one more thing'));
      expect(await ids()).toEqual([older.id, newer.id]);
    });

    it('pins conversations to the top of the list, the latest pinned first; unpinning puts one back by activity; neither moves updatedAt', async () => {
      const { library, user } = await signedIn();
      const [first, second, third] = [data(await library.createConversation(user, 'Tide tables one')), data(await library.createConversation(user, 'Tide tables two')), data(await library.createConversation(user, 'Tide tables three'))];
      const ids = async (options?: { query?: string; limit?: number }) => data(await library.listConversations(user, options)).map((c) => c.id);
      expect(await ids()).toEqual([third.id, second.id, first.id]);
      expect(first.pinnedAt).toBeUndefined();

      const pinnedFirst = data(await library.pinConversation(user, first.id, true));
      expect(pinnedFirst.pinnedAt).toEqual(expect.any(String));
      expect(pinnedFirst.updatedAt).toBe(first.updatedAt);
      expect(await ids()).toEqual([first.id, third.id, second.id]);
      data(await library.pinConversation(user, second.id, true));
      expect(await ids()).toEqual([second.id, first.id, third.id]);
      // Pinning a pinned one keeps its time and its place.
      expect(data(await library.pinConversation(user, first.id, true)).pinnedAt).toBe(pinnedFirst.pinnedAt);
      expect(await ids()).toEqual([second.id, first.id, third.id]);
      // The search answers the pin too, pinned matches first; the limit keeps the pinned ones.
      expect(await ids({ query: 'tide' })).toEqual([second.id, first.id, third.id]);
      expect(data(await library.listConversations(user, { query: 'tables one' }))[0]?.pinnedAt).toBe(pinnedFirst.pinnedAt);
      expect(await ids({ limit: 1 })).toEqual([second.id]);

      const unpinned = data(await library.pinConversation(user, second.id, false));
      expect(unpinned.pinnedAt).toBeUndefined();
      expect(unpinned.updatedAt).toBe(second.updatedAt);
      expect(await ids()).toEqual([first.id, third.id, second.id]);
      expect(data(await library.getConversation(user, first.id))?.pinnedAt).toBe(pinnedFirst.pinnedAt);
      expect(data(await library.getConversation(user, second.id))?.pinnedAt).toBeUndefined();
      // Unpinning one that is not pinned changes nothing.
      expect(data(await library.pinConversation(user, third.id, false))).toEqual(data(await library.getConversation(user, third.id)));
    });

    it('lists a page at a time: after a conversation come the ones after it in the list, pinned ones first; a cursor that is not one of the user\'s is not_found', async () => {
      const { h, library, user } = await signedIn();
      const made: string[] = [];
      for (const title of ['One', 'Two', 'Three', 'Four', 'Five']) made.push(data(await library.createConversation(user, title)).id);
      const [one, two, three, four, five] = made as [string, string, string, string, string];
      data(await library.pinConversation(user, two, true));
      const ids = async (options: { limit?: number; after?: string }) => data(await library.listConversations(user, options)).map((c) => c.id);
      const whole = await ids({});
      expect(whole).toEqual([two, five, four, three, one]);
      // Page by page, each after the last of the one before: the whole list, once each.
      const pages: string[][] = [];
      for (let after: string | undefined; ; ) {
        const page = await ids({ limit: 2, ...(after === undefined ? {} : { after }) });
        if (page.length === 0) break;
        pages.push(page);
        after = page.at(-1);
      }
      expect(pages).toEqual([[two, five], [four, three], [one]]);
      expect(await ids({ after: two })).toEqual([five, four, three, one]);
      expect(await ids({ after: one })).toEqual([]);
      // A conversation with activity moves up: the page after it follows its new place.
      await h.seedMessage(user, three, userSays('bump'));
      expect(await ids({ after: three, limit: 2 })).toEqual([five, four]);
      for (const missing of ['00000000-0000-4000-8000-00000000beef', 'no-such-conversation']) {
        expect(codeOf(await library.listConversations(user, { after: missing }))).toBe('not_found');
      }
      const stranger = await h.createUser();
      await h.actAs(stranger);
      expect(codeOf(await library.listConversations(stranger, { after: five }))).toBe('not_found');
    });

    it('exports every conversation of the user with its settings and visible path, in the list\'s order; another user\'s export holds none of them', async () => {
      const { h, library, user } = await signedIn();
      const all = async (userId: string) => {
        const entries = [];
        for await (const entry of library.exportConversations(userId)) entries.push(data(entry));
        return entries;
      };
      expect(await all(user)).toEqual([]);
      const tides = data(await library.createConversation(user, 'Tides'));
      await h.seedMessage(user, tides.id, userSays('When is high water?'));
      await h.seedMessage(user, tides.id, modelSays('echo-basic', 'At six.'));
      const settings = { instruction: 'Answer like a harbour master.', models: { 'echo-basic': { temperature: 0.3 } } };
      data(await library.saveSettings(user, tides.id, settings));
      const empty = data(await library.createConversation(user, 'Empty'));
      data(await library.pinConversation(user, tides.id, true));
      const exported = await all(user);
      expect(exported.map((e) => e.conversation)).toEqual(data(await library.listConversations(user)));
      expect(exported.map((e) => e.conversation.id)).toEqual([tides.id, empty.id]);
      expect(exported[0]?.messages).toEqual(data(await library.listMessages(user, tides.id)));
      expect(exported[0]?.settings).toMatchObject(settings);
      expect(exported[1]).toMatchObject({ messages: [], settings: { instruction: '', models: {} } });
      const stranger = await h.createUser();
      await h.actAs(stranger);
      expect(await all(stranger)).toEqual([]);
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
      for (const r of [await library.renameConversation(user, missing, 'x'), await library.pinConversation(user, missing, true), await library.deleteConversation(user, missing)]) {
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
      for (const r of [await h.library.renameConversation(bob, secret.id, 'Taken'), await h.library.pinConversation(bob, secret.id, true), await h.library.deleteConversation(bob, secret.id)]) {
        expect(r.success ? 'ok' : r.error.code).toBe('not_found');
      }
      await h.actAs(alice);
      expect(data(await h.library.getConversation(alice, secret.id))?.title).toBe('Alice only');
      expect(data(await h.library.getConversation(alice, secret.id))?.pinnedAt).toBeUndefined();
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

    it('the context setting is saved and read with the rest of the settings; settings saved without it go back to the whole history', async () => {
      const { library, user } = await signedIn();
      const conv = data(await library.createConversation(user, 'Long'));
      for (const context of [{ mode: 'recent' as const, messages: 20 }, { mode: 'summary' as const, messages: 2 }, { mode: 'summary' as const }, { mode: 'all' as const }]) {
        const settings = { instruction: 'Be brief.', models: { offline: { maxOutputTokens: 300 } }, context };
        expect(data(await library.saveSettings(user, conv.id, settings))).toEqual(settings);
        expect(data(await library.getSettings(user, conv.id))).toEqual(settings);
      }
      data(await library.saveSettings(user, conv.id, { instruction: '', models: {} }));
      expect(data(await library.getSettings(user, conv.id))).toEqual({ instruction: '', models: {} });
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

    describe('history in pages', () => {
      /** Turns Q1/A1 … Qn/An, each question answered once; answers the messages by content and the content of each id. */
      const seedTurns = async (h: ConversationLibraryHarness, user: string, conversationId: string, turns: number) => {
        const byContent = new Map<string, ChatMessage>();
        for (let i = 1; i <= turns; i += 1) {
          byContent.set(`Q${i}`, await h.seedMessage(user, conversationId, userSays(`Q${i}`)));
          byContent.set(`A${i}`, await h.seedMessage(user, conversationId, modelSays('echo-basic', `A${i}`)));
        }
        const id = (content: string) => (byContent.get(content) as ChatMessage).id;
        return { id, contentOf: new Map([...byContent].map(([content, m]) => [m.id, content])) };
      };

      it('opens the latest page of whole turns and follows older pages by cursor back to the first turn', async () => {
        const { h, library, user } = await signedIn();
        const conv = data(await library.createConversation(user, 'Five turns'));
        const { id, contentOf } = await seedTurns(h, user, conv.id, 5);
        const page = async (query: Parameters<ConversationLibrary['listMessagePage']>[2]) => pageView(data(await library.listMessagePage(user, conv.id, query)), contentOf);
        expect(await page({ limit: 2 })).toEqual({ messages: ['Q4', 'A4', 'Q5', 'A5'], older: 'Q4', newer: null });
        expect(await page({ limit: 2, before: id('Q4') })).toEqual({ messages: ['Q2', 'A2', 'Q3', 'A3'], older: 'Q2', newer: 'A3' });
        expect(await page({ limit: 2, before: id('Q2') })).toEqual({ messages: ['Q1', 'A1'], older: null, newer: 'A1' });
        // An answer as the cursor stands for its turn.
        expect(await page({ limit: 2, before: id('A4') })).toEqual({ messages: ['Q2', 'A2', 'Q3', 'A3'], older: 'Q2', newer: 'A3' });
        // Before the first turn there is nothing: an empty page that leads back.
        expect(await page({ limit: 2, before: id('Q1') })).toEqual({ messages: [], older: null, newer: 'Q1' });
        // Without a limit, the default page (30 turns) holds all five; page sizes 1 and the most.
        const all = ['Q1', 'A1', 'Q2', 'A2', 'Q3', 'A3', 'Q4', 'A4', 'Q5', 'A5'];
        expect(await page({})).toEqual({ messages: all, older: null, newer: null });
        expect(await page({ limit: 1 })).toEqual({ messages: ['Q5', 'A5'], older: 'Q5', newer: null });
        expect(await page({ limit: MAX_PAGE_TURNS })).toEqual({ messages: all, older: null, newer: null });
      });

      it('reads the turns after a message and those around it (a search hit), with cursors on both sides', async () => {
        const { h, library, user } = await signedIn();
        const conv = data(await library.createConversation(user, 'Around'));
        const { id, contentOf } = await seedTurns(h, user, conv.id, 5);
        const page = async (query: Parameters<ConversationLibrary['listMessagePage']>[2]) => pageView(data(await library.listMessagePage(user, conv.id, query)), contentOf);
        expect(await page({ limit: 2, after: id('A1') })).toEqual({ messages: ['Q2', 'A2', 'Q3', 'A3'], older: 'Q2', newer: 'A3' });
        expect(await page({ limit: 2, after: id('Q3') })).toEqual({ messages: ['Q4', 'A4', 'Q5', 'A5'], older: 'Q4', newer: null });
        expect(await page({ limit: 2, after: id('A5') })).toEqual({ messages: [], older: 'A5', newer: null });
        expect(await page({ limit: 3, around: id('Q3') })).toEqual({ messages: ['Q2', 'A2', 'Q3', 'A3', 'Q4', 'A4'], older: 'Q2', newer: 'A4' });
        expect(await page({ limit: 1, around: id('A3') })).toEqual({ messages: ['Q3', 'A3'], older: 'Q3', newer: 'A3' });
        // Near an end the page is still full: it shifts away from the end.
        expect(await page({ limit: 3, around: id('A5') })).toEqual({ messages: ['Q3', 'A3', 'Q4', 'A4', 'Q5', 'A5'], older: 'Q3', newer: null });
        expect(await page({ limit: 3, around: id('Q1') })).toEqual({ messages: ['Q1', 'A1', 'Q2', 'A2', 'Q3', 'A3'], older: null, newer: 'A3' });
      });

      it('never splits a turn: a side-by-side turn with its columns, a regenerated version and a merge is one turn; the weights are those of the whole path', async () => {
        const { h, library, user } = await signedIn();
        const conv = data(await library.createConversation(user, 'Side by side'));
        const q1 = await h.seedMessage(user, conv.id, { ...userSays('Q1'), modelIds: ['echo-basic', 'echo-swift'] });
        await h.seedMessage(user, conv.id, { ...modelSays('echo-basic', 'A1 basic'), parentId: q1.id, column: 0 });
        await h.seedMessage(user, conv.id, { ...modelSays('echo-swift', 'A1 swift'), parentId: q1.id, column: 1 });
        await h.seedMessage(user, conv.id, { ...modelSays('echo-basic', 'A1 merged'), parentId: q1.id, column: -1, mergedFrom: ['echo-basic', 'echo-swift'] });
        await h.seedMessage(user, conv.id, { ...modelSays('echo-basic', 'A1 basic again'), parentId: q1.id, column: 0 });
        const q2 = await h.seedMessage(user, conv.id, userSays('Q2'));
        await h.seedMessage(user, conv.id, modelSays('echo-basic', 'A2'));
        const q3 = await h.seedMessage(user, conv.id, userSays('Q3'));
        const a3 = await h.seedMessage(user, conv.id, modelSays('echo-basic', 'A3'));
        const first = data(await library.listMessagePage(user, conv.id, { limit: 1, before: q2.id }));
        expect(first.messages.map((m) => [m.content, m.column ?? null, m.version ?? null])).toEqual([
          ['Q1', null, null],
          ['A1 basic again', 0, { index: 2, count: 2 }],
          ['A1 swift', 1, null],
          ['A1 merged', -1, null],
        ]);
        expect(first.older).toBeNull();
        expect(first.newer).toBe(first.messages.at(-1)?.id);
        // Around any message of the turn, the page is the whole turn.
        const merge = first.messages[3] as ChatMessage;
        expect(data(await library.listMessagePage(user, conv.id, { limit: 1, around: merge.id })).messages.map((m) => m.id)).toEqual(first.messages.map((m) => m.id));
        // Pages count turns, not messages.
        const latest = data(await library.listMessagePage(user, conv.id, { limit: 2 }));
        expect(latest.messages.map((m) => m.content)).toEqual(['Q2', 'A2', 'Q3', 'A3']);
        expect(data(await library.listMessagePage(user, conv.id, { limit: 3 })).messages).toHaveLength(8);
        // Every page carries the weight of every message of the visible path, as the core weighs it (its
        // outdated merges marked).
        const whole = data(await library.listMessages(user, conv.id));
        expect(latest.weights).toEqual(markOutdatedMerges(whole).map(weightOf));
        expect(first.weights).toEqual(latest.weights);
        expect(latest.weights.map((w) => w.role).slice(-2)).toEqual([q3.role, a3.role]);
        expect(latest.weights[3]).toMatchObject({ role: 'assistant', modelId: 'echo-basic', mergedFrom: ['echo-basic', 'echo-swift'] });
        expect(latest.weights.every((w) => w.quarters > 0 && w.summaryQuarters > 0)).toBe(true);
      });

      it('a cursor on another branch, or on no message, is not_found; showing that branch answers the page around it, where it is a cursor again', async () => {
        const { h, library, user } = await signedIn();
        const conv = data(await library.createConversation(user, 'Branches'));
        const { id } = await seedTurns(h, user, conv.id, 3);
        const edited = await h.seedMessage(user, conv.id, { ...userSays('Q2 edited'), parentId: id('Q1') });
        await h.seedMessage(user, conv.id, { ...modelSays('echo-basic', 'A2 edited'), parentId: edited.id, column: 0 });
        expect(data(await library.listMessages(user, conv.id)).map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2 edited', 'A2 edited']);
        const missing = '00000000-0000-4000-8000-00000000beef';
        const refused = [
          await library.listMessagePage(user, conv.id, { before: id('Q3') }),
          await library.listMessagePage(user, conv.id, { after: id('A2') }),
          await library.listMessagePage(user, conv.id, { around: id('Q2') }),
          await library.listMessagePage(user, conv.id, { limit: 1, before: missing }),
        ];
        expect(refused.map(codeOf)).toEqual(['not_found', 'not_found', 'not_found', 'not_found']);
        const shown = data(await library.showMessage(user, conv.id, id('A3')));
        expect(shown.messages.map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2', 'A2', 'Q3', 'A3']);
        expect([shown.older, shown.newer]).toEqual([null, null]);
        expect(shown.messages[2]?.version).toEqual({ index: 1, count: 2 });
        expect(shown.weights).toEqual(shown.messages.map(weightOf));
        expect(data(await library.listMessagePage(user, conv.id, { limit: 1, before: id('Q3') })).messages.map((m) => m.content)).toEqual(['Q2', 'A2']);
        // Shown by version number, the page is around the version shown.
        const back = data(await library.showMessage(user, conv.id, id('Q2'), 2));
        expect(back.messages.map((m) => m.content)).toEqual(['Q1', 'A1', 'Q2 edited', 'A2 edited']);
        expect(codeOf(await library.listMessagePage(user, conv.id, { around: id('Q3') }))).toBe('not_found');
      });

      it('an empty conversation has an empty page and no weights; a missing one is not_found', async () => {
        const { library, user } = await signedIn();
        const conv = data(await library.createConversation(user, 'Empty'));
        expect(data(await library.listMessagePage(user, conv.id, {}))).toEqual({ messages: [], older: null, newer: null, weights: [] });
        expect(codeOf(await library.listMessagePage(user, '00000000-0000-4000-8000-00000000beef', {}))).toBe('not_found');
      });

      it("another user's conversation reads as missing, with or without her cursors, and nothing of it shows", async () => {
        const h = await makeHarness();
        const [alice, bob] = [await h.createUser(), await h.createUser()];
        await h.actAs(alice);
        const secret = data(await h.library.createConversation(alice, 'Alice only'));
        const { id } = await seedTurns(h, alice, secret.id, 3);
        await h.actAs(bob);
        const own = data(await h.library.createConversation(bob, 'Bob’s'));
        await h.seedMessage(bob, own.id, userSays('Bob asks'));
        const attempts = [
          await h.library.listMessagePage(bob, secret.id, {}),
          await h.library.listMessagePage(bob, secret.id, { limit: 1, before: id('Q3') }),
          await h.library.listMessagePage(bob, secret.id, { after: id('A1') }),
          await h.library.listMessagePage(bob, secret.id, { around: id('Q2') }),
          await h.library.listMessagePage(bob, own.id, { around: id('Q2') }),
          await h.library.listMessagePage(bob, own.id, { before: id('A3') }),
          await h.library.showMessage(bob, secret.id, id('Q2')),
        ];
        expect(attempts.map(codeOf)).toEqual(Array(attempts.length).fill('not_found'));
        for (const r of attempts) if (!r.success) expect(r.error.message).not.toMatch(/Q\d|A\d|Alice/);
        expect(data(await h.library.listMessagePage(bob, own.id, {})).messages.map((m) => m.content)).toEqual(['Bob asks']);
        await h.actAs(alice);
        expect(data(await h.library.listMessagePage(alice, secret.id, { limit: 1 })).messages.map((m) => m.content)).toEqual(['Q3', 'A3']);
      });
    });
  });
}
