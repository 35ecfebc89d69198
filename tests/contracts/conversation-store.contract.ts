/**
 * ConversationStore contract (conversations and messages, per user).
 *
 * Harness the factory provides:
 * - `store`: the adapter;
 * - `createUser()`: a fresh user; answers the id;
 * - `actAs(userId)`: makes `store` act for that user. Adapters under row-level security switch to
 *   the user's token here; adapters that filter by the `userId` argument need not do anything.
 * - `seedConversation(userId, turns)` (optional): writes a conversation of that many turns (a question
 *   and one answer each) faster than the store would, answering its id and visible path; without it
 *   the suite writes one through the store.
 * - `attachToEvery(userId, conversationId, files)` (optional): gives every message of the conversation
 *   these files faster than the store would; without it the suite attaches them one message at a time.
 *
 * The reads, names and deletes are also the ConversationLibrary contract (the browser's adapter runs
 * that one); this suite adds the message writes only the server's chat use cases make.
 */
import { describe, expect, it } from 'vitest';
import type { AttachmentRef, ChatMessage, ConversationStore, NewMessage, PathPage } from '../../core/chat/index.js';

export interface ConversationStoreHarness {
  readonly store: ConversationStore;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
  seedConversation?(userId: string, turns: number): Promise<{ readonly conversationId: string; readonly messageIds: readonly string[] }>;
  attachToEvery?(userId: string, conversationId: string, files: readonly AttachmentRef[]): Promise<void>;
  /**
   * The most rows the API the store reads through answers a request (PostgREST's "Max rows"), when
   * there is one: the cases past it seed one turn more than it holds. A stand-in started with a low
   * cap proves the same as a hosted project's 1,000 with a tenth of the rows to seed.
   */
  readonly rowCap?: number;
  /** Moves the store's clock on, where it is a test's (a frozen clock): what is written next is later. */
  later?(): void;
}

/** A hosted Supabase API's row cap by default ("Max rows"). */
const HOSTED_ROW_CAP = 1000;
/** Turns (a question and its answer each) that make more visible messages than the harness's row cap. */
const turnsPastTheCap = (h: ConversationStoreHarness): number => Math.floor((h.rowCap ?? HOSTED_ROW_CAP) / 2) + 1;
/** Seeding a thousand rows and giving each its files takes a while on a loaded machine. */
const SEEDED_CASE_MS = 120_000;

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

/**
 * A conversation of one turn more than the row cap holds (turnsPastTheCap), seeded in bulk where the harness can
 * (`seedConversation`), else written message by message as the chat use cases write them: each
 * question under the one before, its answer in column 0, worded by `say` (question, answer).
 */
async function pastTheRowCap(
  h: ConversationStoreHarness, user: string, title: string, say: (turn: number) => readonly [string, string] = (turn) => [`Q${turn}`, `A${turn}`],
): Promise<{ readonly conversationId: string; readonly messageIds: readonly string[] }> {
  const turns = turnsPastTheCap(h);
  if (h.seedConversation) return h.seedConversation(user, turns);
  const conv = data(await h.store.createConversation(user, title));
  const ids: string[] = [];
  let previous: string | null = null;
  for (let turn = 1; turn <= turns; turn += 1) {
    const [asked, answered] = say(turn);
    const question: ChatMessage = await append(h, user, conv.id, { ...userSays(asked), parentId: previous });
    const answer = await append(h, user, conv.id, { ...modelSays('echo-basic', answered), parentId: question.id, column: 0 });
    ids.push(question.id, answer.id);
    previous = question.id;
  }
  return { conversationId: conv.id, messageIds: ids };
}

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

    it('keeps which answer was stopped before its end, read back with the visible path', async () => {
      const { h, store, user } = await signedIn();
      const conv = data(await store.createConversation(user, 'Stopped'));
      const question = await append(h, user, conv.id, userSays('Name two rivers'));
      const stopped = await append(h, user, conv.id, { ...modelSays('echo-basic', 'Rhi'), parentId: question.id, column: 0, creditsCharged: 1, stopped: true });
      const whole = await append(h, user, conv.id, { ...modelSays('echo-swift', 'Danube'), parentId: question.id, column: 1, creditsCharged: 1 });
      expect(stopped.stopped).toBe(true);
      expect(whole.stopped).toBeUndefined();
      const read = data(await store.listMessages(user, conv.id));
      expect(read.map((m) => [m.id, m.stopped, m.creditsCharged])).toEqual([
        [question.id, undefined, undefined],
        [stopped.id, true, 1],
        [whole.id, undefined, 1],
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

    it('a path longer than the API answers rows (its row cap) reads whole and in order, and the next message continues after its end', async () => {
      const { h, store, user } = await signedIn();
      const seeded = await pastTheRowCap(h, user, 'Long');
      expect(seeded.messageIds).toHaveLength(turnsPastTheCap(h) * 2);
      expect(data(await store.listMessages(user, seeded.conversationId)).map((m) => m.id)).toEqual(seeded.messageIds);
      const next = await append(h, user, seeded.conversationId, userSays('One more'));
      const after = data(await store.listMessages(user, seeded.conversationId));
      expect(after).toHaveLength(turnsPastTheCap(h) * 2 + 1);
      expect(after.at(-1)?.id).toBe(next.id);
      expect(after.at(-2)?.id).toBe(seeded.messageIds.at(-1));
    });

    it('the files of more messages than the API answers rows (its row cap) are all read', async () => {
      const { h, store, user } = await signedIn();
      const seeded = await pastTheRowCap(h, user, 'Many files');
      if (h.attachToEvery) await h.attachToEvery(user, seeded.conversationId, [notes]);
      else for (const id of seeded.messageIds) data(await store.attachToMessage(user, seeded.conversationId, id, [notes]));
      const files = data(await store.listAttachments(user, seeded.conversationId));
      expect(files.size).toBe(turnsPastTheCap(h) * 2);
      expect([...files.keys()].sort()).toEqual([...seeded.messageIds].sort());
      expect(files.get(seeded.messageIds.at(-1)!)).toEqual([notes]);
    }, SEEDED_CASE_MS);

    it('a search finds every conversation that says it, however many messages of another one say it too (past the API’s row cap)', async () => {
      const { h, store, user } = await signedIn();
      // Said once, before a long conversation says it in every message (questions and answers alike say "about").
      const older = data(await store.createConversation(user, 'Older'));
      await append(h, user, older.id, userSays('What about the pelican colony?'));
      const seeded = await pastTheRowCap(h, user, 'Long', (turn) => [`Turn ${turn}: what about tides?`, `Answer ${turn} about tides.`]);
      const found = data(await store.listConversations(user, { query: 'about' })).map((c) => c.id);
      expect(found.sort()).toEqual([older.id, seeded.conversationId].sort());
      expect(data(await store.listConversations(user, { query: 'PELICAN' })).map((c) => c.id)).toEqual([older.id]);
    }, SEEDED_CASE_MS);

    describe('the conversation tree', () => {
      const answerIn = (modelId: string, content: string, parentId: string, column: number): NewMessage => ({ ...modelSays(modelId, content), parentId, column });
      const path = async (h: ConversationStoreHarness, user: string, conversationId: string) =>
        data(await h.store.listMessages(user, conversationId)).map((m) => `${m.content}${m.version ? ` ${m.version.index}/${m.version.count}` : ''}`);

      it('a regenerated answer is a new version of its column: the earlier one is kept, and showing version 1 brings it back', async () => {
        const { h, store, user } = await signedIn();
        const conv = data(await store.createConversation(user, 'Versions'));
        const question = await append(h, user, conv.id, userSays('Q'));
        const first = await append(h, user, conv.id, answerIn('echo-basic', 'A first', question.id, 0));
        const other = await append(h, user, conv.id, answerIn('echo-swift', 'B', question.id, 1));
        const again = await append(h, user, conv.id, answerIn('echo-basic', 'A again', question.id, 0));
        expect(again).toMatchObject({ parentId: question.id, column: 0 });
        expect(await path(h, user, conv.id)).toEqual(['Q', 'A again 2/2', 'B']);
        const shown = data(await store.showMessage(user, conv.id, again.id, 1)).messages;
        expect(shown.map((m) => m.id)).toEqual([question.id, first.id, other.id]);
        expect(shown[1]?.version).toEqual({ index: 1, count: 2 });
        // The choice is stored with the conversation: read again, the same path.
        expect(await path(h, user, conv.id)).toEqual(['Q', 'A first 1/2', 'B']);
        expect(data(await store.showMessage(user, conv.id, first.id, 2)).messages.map((m) => m.content)).toEqual(['Q', 'A again', 'B']);
      });

      it('answers read in column order whatever order they were saved in, the merge last', async () => {
        const { h, store, user } = await signedIn();
        const conv = data(await store.createConversation(user, 'Columns'));
        const question = await append(h, user, conv.id, userSays('Q'));
        await append(h, user, conv.id, answerIn('echo-swift', 'second column', question.id, 1));
        await append(h, user, conv.id, { ...answerIn('echo-basic', 'merged', question.id, -1), mergedFrom: ['echo-basic', 'echo-swift'] });
        await append(h, user, conv.id, answerIn('echo-basic', 'first column', question.id, 0));
        const read = data(await store.listMessages(user, conv.id));
        expect(read.map((m) => [m.content, m.column ?? null])).toEqual([['Q', null], ['first column', 0], ['second column', 1], ['merged', -1]]);
      });

      it('a page marks a merge outdated once a column of its turn shows a later answer, and unmarks it when the answers it merged are shown again', async () => {
        const { h, store, user } = await signedIn();
        const conv = data(await store.createConversation(user, 'Merged'));
        const question = await append(h, user, conv.id, userSays('Q'));
        h.later?.();
        const first = await append(h, user, conv.id, answerIn('echo-basic', 'A', question.id, 0));
        await append(h, user, conv.id, answerIn('echo-swift', 'B', question.id, 1));
        h.later?.();
        const merge = await append(h, user, conv.id, { ...answerIn('echo-basic', 'merged', question.id, -1), mergedFrom: ['echo-basic', 'echo-swift'] });
        const marks = (page: PathPage) => [page.messages.map((m) => m.outdated ?? false), page.weights.map((w) => w.outdated ?? false)];
        expect(marks(data(await store.listMessagePage(user, conv.id, {})))).toEqual([[false, false, false, false], [false, false, false, false]]);
        h.later?.();
        await append(h, user, conv.id, answerIn('echo-basic', 'A again', question.id, 0));
        const page = data(await store.listMessagePage(user, conv.id, {}));
        expect(page.messages.map((m) => m.content)).toEqual(['Q', 'A again', 'B', 'merged']);
        expect(marks(page)).toEqual([[false, false, false, true], [false, false, false, true]]);
        expect(page.messages[3]?.id).toBe(merge.id);
        // The merged version shown again: the turn shows what the merge merged.
        expect(marks(data(await store.showMessage(user, conv.id, first.id, 1)))).toEqual([[false, false, false, false], [false, false, false, false]]);
      });

      it('editing message 2 of 5 branches there; the old branch, with all that followed, is version 1 of it', async () => {
        const { h, store, user } = await signedIn();
        const conv = data(await store.createConversation(user, 'Branches'));
        const q1 = await append(h, user, conv.id, userSays('Q1'));
        await append(h, user, conv.id, answerIn('echo-basic', 'A1', q1.id, 0));
        const q2 = await append(h, user, conv.id, userSays('Q2'));
        const a2 = await append(h, user, conv.id, answerIn('echo-basic', 'A2', q2.id, 0));
        await append(h, user, conv.id, userSays('Q3'));
        expect(q2.parentId).toBe(q1.id);
        const edited = await append(h, user, conv.id, { ...userSays('Q2 edited'), parentId: q1.id });
        await append(h, user, conv.id, answerIn('echo-basic', 'A2 edited', edited.id, 0));
        expect(await path(h, user, conv.id)).toEqual(['Q1', 'A1', 'Q2 edited 2/2', 'A2 edited']);
        data(await store.showMessage(user, conv.id, edited.id, 1));
        expect(await path(h, user, conv.id)).toEqual(['Q1', 'A1', 'Q2 1/2', 'A2', 'Q3']);
        // A message deep in the other branch (a search hit) opens that branch.
        data(await store.showMessage(user, conv.id, edited.id));
        expect(await path(h, user, conv.id)).toEqual(['Q1', 'A1', 'Q2 edited 2/2', 'A2 edited']);
        data(await store.showMessage(user, conv.id, a2.id));
        expect(await path(h, user, conv.id)).toEqual(['Q1', 'A1', 'Q2 1/2', 'A2', 'Q3']);
      });

      it('a message written without a place continues what is shown: under its last user message', async () => {
        const { h, store, user } = await signedIn();
        const conv = data(await store.createConversation(user, 'Continue'));
        const q1 = await append(h, user, conv.id, userSays('Q1'));
        await append(h, user, conv.id, answerIn('echo-basic', 'A1', q1.id, 0));
        const q2 = await append(h, user, conv.id, userSays('Q2'));
        const edited = await append(h, user, conv.id, { ...userSays('Q2 edited'), parentId: q1.id });
        data(await store.showMessage(user, conv.id, q2.id));
        const next = await append(h, user, conv.id, userSays('Q3'));
        expect(next.parentId).toBe(q2.id);
        const answer = await append(h, user, conv.id, modelSays('echo-basic', 'A3'));
        expect(answer).toMatchObject({ parentId: next.id, column: 0 });
        expect(await path(h, user, conv.id)).toEqual(['Q1', 'A1', 'Q2 1/2', 'Q3', 'A3']);
        expect(edited.parentId).toBe(q1.id);
      });

      it('a version that does not exist, or a message of another conversation, is not_found and shows nothing else', async () => {
        const { h, store, user } = await signedIn();
        const conv = data(await store.createConversation(user, 'Missing'));
        const other = data(await store.createConversation(user, 'Other'));
        const question = await append(h, user, conv.id, userSays('Q'));
        const elsewhere = await append(h, user, other.id, userSays('elsewhere'));
        const codes = [
          await store.showMessage(user, conv.id, question.id, 2),
          await store.showMessage(user, conv.id, elsewhere.id),
          await store.showMessage(user, conv.id, '00000000-0000-4000-8000-000000000000'),
          await store.appendMessage(user, conv.id, { ...userSays('under a stranger'), parentId: elsewhere.id }),
        ].map((r) => (r.success ? 'ok' : r.error.code));
        expect(codes).toEqual(['not_found', 'not_found', 'not_found', 'not_found']);
        expect(await path(h, user, conv.id)).toEqual(['Q']);
        expect(await path(h, user, other.id)).toEqual(['elsewhere']);
      });

      it("another user can neither show nor branch from a user's messages", async () => {
        const h = await makeHarness();
        const [alice, bob] = [await h.createUser(), await h.createUser()];
        await h.actAs(alice);
        const secret = data(await h.store.createConversation(alice, 'Alice only'));
        const question = await append(h, alice, secret.id, userSays('private'));
        const first = await append(h, alice, secret.id, answerIn('echo-basic', 'one', question.id, 0));
        await append(h, alice, secret.id, answerIn('echo-basic', 'two', question.id, 0));
        await h.actAs(bob);
        const own = data(await h.store.createConversation(bob, 'Bob’s'));
        const refused = [
          await h.store.showMessage(bob, secret.id, first.id),
          await h.store.showMessage(bob, secret.id, first.id, 1),
          await h.store.showMessage(bob, own.id, first.id),
          await h.store.appendMessage(bob, own.id, { ...userSays('under hers'), parentId: question.id }),
          await h.store.appendMessage(bob, secret.id, { ...userSays('into hers'), parentId: question.id }),
        ].map((r) => (r.success ? 'ok' : r.error.code));
        expect(refused).toEqual(['not_found', 'not_found', 'not_found', 'not_found', 'not_found']);
        await h.actAs(alice);
        expect(await path(h, alice, secret.id)).toEqual(['private', 'two 2/2']);
      });
    });
  });
}
