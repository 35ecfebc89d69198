/**
 * ConversationSharing contract (read-only public links), with the visitor's side: every
 * adapter of the port runs it together with the way that side opens a link (the server's use case
 * over its adapters, or the browser's ApiSharedConversations over /api/shared).
 *
 * Harness the factory provides:
 * - `sharing`: the adapter;
 * - `createUser()`, `actAs(userId)`: as in the other contracts;
 * - `createConversation(userId, title, messages)`: a conversation written the server's way;
 * - `deleteConversation(userId, conversationId)`;
 * - `openShared(token)`: what a signed-out visitor of /s/{token} gets (null: no such link).
 */
import { describe, expect, it } from 'vitest';
import type { ConversationSharing, SharedConversation } from '../../core/chat/index.js';
import type { Result } from '../../core/shared/index.js';

export interface ConversationSharingHarness {
  readonly sharing: ConversationSharing;
  createUser(): Promise<string>;
  actAs(userId: string): Promise<void>;
  createConversation(userId: string, title: string, messages: readonly string[]): Promise<string>;
  deleteConversation(userId: string, conversationId: string): Promise<void>;
  openShared(token: string): Promise<Result<SharedConversation | null>>;
}

const data = <T>(r: Result<T>): T => {
  if (!r.success) throw new Error(`expected success, got ${r.error.code}: ${r.error.message}`);
  return r.data;
};
const code = (r: Result<unknown>) => (r.success ? 'ok' : r.error.code);

export function conversationSharingContract(name: string, makeHarness: () => Promise<ConversationSharingHarness>): void {
  describe(`ConversationSharing contract: ${name}`, () => {
    const signedIn = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      await h.actAs(user);
      return { h, user };
    };

    it('a conversation is not shared until its owner shares it; sharing again keeps the same link', async () => {
      const { h, user } = await signedIn();
      const id = await h.createConversation(user, 'Lighthouses', ['How do lighthouses work?']);
      expect(data(await h.sharing.getShare(user, id))).toBeNull();
      const share = data(await h.sharing.shareConversation(user, id));
      expect(share.conversationId).toBe(id);
      expect(share.token).toMatch(/^[A-Za-z0-9_-]{22,64}$/);
      expect(data(await h.sharing.getShare(user, id))).toEqual(share);
      expect(data(await h.sharing.shareConversation(user, id)).token).toBe(share.token);
    });

    it('a visitor of the link reads the title and the messages, and nothing of the owner', async () => {
      const { h, user } = await signedIn();
      const id = await h.createConversation(user, 'Lighthouses', ['How do lighthouses work?', 'And who keeps them?']);
      const { token } = data(await h.sharing.shareConversation(user, id));
      const shared = data(await h.openShared(token));
      expect(shared?.title).toBe('Lighthouses');
      expect(shared?.messages.map((m) => [m.role, m.content])).toEqual([
        ['user', 'How do lighthouses work?'],
        ['user', 'And who keeps them?'],
      ]);
      expect(JSON.stringify(shared)).not.toContain(user);
      expect(JSON.stringify(shared)).not.toContain(id);
    });

    it('revoking ends the link at once; sharing again makes a new one', async () => {
      const { h, user } = await signedIn();
      const id = await h.createConversation(user, 'Short-lived', ['hello']);
      const first = data(await h.sharing.shareConversation(user, id));
      data(await h.sharing.revokeShare(user, id));
      data(await h.sharing.revokeShare(user, id));
      expect(data(await h.openShared(first.token))).toBeNull();
      expect(data(await h.sharing.getShare(user, id))).toBeNull();
      const second = data(await h.sharing.shareConversation(user, id));
      expect(second.token).not.toBe(first.token);
      expect(data(await h.openShared(second.token))?.title).toBe('Short-lived');
    });

    it("nobody shares, revokes or sees the link of another user's conversation", async () => {
      const h = await makeHarness();
      const [alice, bob] = [await h.createUser(), await h.createUser()];
      await h.actAs(alice);
      const hers = await h.createConversation(alice, 'Alice only', ['private']);
      const share = data(await h.sharing.shareConversation(alice, hers));
      await h.actAs(bob);
      expect(data(await h.sharing.getShare(bob, hers))).toBeNull();
      expect(code(await h.sharing.shareConversation(bob, hers))).toBe('not_found');
      expect(code(await h.sharing.revokeShare(bob, hers))).toBe('not_found');
      expect(data(await h.openShared(share.token))?.title).toBe('Alice only');
    });

    it('a deleted conversation takes its link with it; a made-up or malformed link opens nothing', async () => {
      const { h, user } = await signedIn();
      const id = await h.createConversation(user, 'Gone soon', ['bye']);
      const { token } = data(await h.sharing.shareConversation(user, id));
      await h.deleteConversation(user, id);
      expect(data(await h.openShared(token))).toBeNull();
      expect(data(await h.openShared('AAAAAAAAAAAAAAAAAAAAAA'))).toBeNull();
      expect(data(await h.openShared('not a token'))).toBeNull();
      expect(code(await h.sharing.shareConversation(user, '00000000-0000-4000-8000-00000000beef'))).toBe('not_found');
    });
  });
}
