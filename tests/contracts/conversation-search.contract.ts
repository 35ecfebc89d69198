/**
 * ConversationSearch contract: one user's conversations searched by title and message text.
 * Run against the in-memory adapter, the Postgres one (service role and the user's own token) and
 * the browser's ApiConversationSearch over /api/search.
 *
 * Harness the factory provides:
 * - `search`: the adapter;
 * - `createUser()`; `actAs(userId)` (adapters acting with a user's token switch to it);
 * - `seed(userId, title, messages)`: a conversation written the way the server writes one.
 */
import { describe, expect, it } from 'vitest';
import type { ConversationSearch, SearchHit } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

export interface ConversationSearchHarness {
  readonly search: ConversationSearch;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
  seed(userId: string, title: string, messages: readonly { role: 'user' | 'assistant'; content: string; modelId?: string }[]): Promise<{ conversationId: string; messageIds: string[] }>;
}

const hits = (r: Result<readonly SearchHit[]>): readonly SearchHit[] => {
  if (!r.success) throw new Error(`expected hits, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const matched = (hit: SearchHit | undefined) => hit?.snippet.filter((p) => p.match).map((p) => p.text.toLowerCase()) ?? [];
const passage = (hit: SearchHit | undefined) => hit?.snippet.map((p) => p.text).join('') ?? '';

export function conversationSearchContract(name: string, makeHarness: () => Promise<ConversationSearchHarness>): void {
  describe(`ConversationSearch contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user };
    };

    it('finds a word in a message, names the message to jump to, and marks the word in the passage', async () => {
      const { h, user } = await signedIn();
      const { conversationId, messageIds } = await h.seed(user, 'Coastal trip', [
        { role: 'user', content: 'Which lighthouse should we visit on the coast of Brittany?' },
        { role: 'assistant', content: 'The Phare du Creac’h on Ouessant is worth the ferry.', modelId: 'offline' },
      ]);
      const found = hits(await h.search.search(user, { text: 'lighthouse', language: 'en' }));
      expect(found).toHaveLength(1);
      expect(found[0]).toMatchObject({ conversationId, conversationTitle: 'Coastal trip', messageId: messageIds[0], role: 'user', modelId: null });
      expect(matched(found[0])).toEqual(['lighthouse']);
      expect(passage(found[0])).toContain('Which lighthouse should we visit');
      const byModel = hits(await h.search.search(user, { text: 'ferry', language: 'en' }));
      expect(byModel[0]).toMatchObject({ messageId: messageIds[1], role: 'assistant', modelId: 'offline' });
    });

    it('finds a title, ignoring case, as a hit without a message; title hits come first', async () => {
      const { h, user } = await signedIn();
      const titled = await h.seed(user, 'Sourdough starter', [{ role: 'user', content: 'Feeding schedule please' }]);
      const texted = await h.seed(user, 'Baking', [{ role: 'user', content: 'My SOURDOUGH is flat' }]);
      const found = hits(await h.search.search(user, { text: 'Sourdough', language: 'en' }));
      expect(found.map((f) => [f.conversationId, f.messageId === null])).toEqual([
        [titled.conversationId, true],
        [texted.conversationId, false],
      ]);
      expect(matched(found[0])).toEqual(['sourdough']);
      expect(matched(found[1])).toEqual(['sourdough']);
    });

    it('needs every word; a "quoted phrase" in order; a -word excludes', async () => {
      const { h, user } = await signedIn();
      const seeded = await h.seed(user, 'Notes', [
        { role: 'user', content: 'red apples and green pears' },
        { role: 'user', content: 'green apples and red pears' },
        { role: 'user', content: 'only apples here' },
      ]);
      const ids = (r: Result<readonly SearchHit[]>) => hits(r).map((f) => f.messageId).sort();
      expect(ids(await h.search.search(user, { text: 'apples pears', language: 'en' }))).toEqual([seeded.messageIds[0], seeded.messageIds[1]].sort());
      expect(ids(await h.search.search(user, { text: '"green apples"', language: 'en' }))).toEqual([seeded.messageIds[1]]);
      expect(ids(await h.search.search(user, { text: 'apples -pears', language: 'en' }))).toEqual([seeded.messageIds[2]]);
      expect(hits(await h.search.search(user, { text: 'bananas', language: 'en' }))).toEqual([]);
    });

    it('newer messages first, at most `limit`', async () => {
      const { h, user } = await signedIn();
      const seeded = await h.seed(user, 'Log', Array.from({ length: 5 }, (_, i) => ({ role: 'user' as const, content: `entry ${i} about tides` })));
      const found = hits(await h.search.search(user, { text: 'tides', language: 'en', limit: 3 }));
      expect(found.map((f) => f.messageId)).toEqual(seeded.messageIds.slice(2).reverse());
    });

    it('passage text is the message text: markup in a message stays text, never a mark', async () => {
      const { h, user } = await signedIn();
      await h.seed(user, 'Markup', [{ role: 'user', content: 'Why does <script>alert(1)</script> show up next to the word beacon?' }]);
      const [hit] = hits(await h.search.search(user, { text: 'beacon', language: 'en' }));
      expect(matched(hit)).toEqual(['beacon']);
      expect(hit?.snippet.every((p) => typeof p.text === 'string')).toBe(true);
      expect(hit?.snippet.filter((p) => p.match).every((p) => !p.text.includes('<'))).toBe(true);
    });

    it('Japanese text, which has no spaces between words, is found by a word inside a sentence', async () => {
      const { h, user } = await signedIn();
      const seeded = await h.seed(user, '灯台について', [{ role: 'assistant', content: '灯台の仕組みを説明します。光は遠くまで届きます。', modelId: 'offline' }]);
      const found = hits(await h.search.search(user, { text: '仕組み', language: 'ja' }));
      expect(found.map((f) => f.messageId)).toEqual([seeded.messageIds[0]]);
      expect(matched(found[0])).toEqual(['仕組み']);
    });

    it("never finds another user's conversations", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      await h.seed(alice, 'Alice secret recipe', [{ role: 'user', content: 'The secret is cardamom' }]);
      await h.actAs(bob);
      expect(hits(await h.search.search(bob, { text: 'cardamom', language: 'en' }))).toEqual([]);
      expect(hits(await h.search.search(bob, { text: 'secret', language: 'en' }))).toEqual([]);
    });
  });
}
