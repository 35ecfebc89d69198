/**
 * ConversationTurns contract: one turn at a time per conversation, whichever server asks.
 *
 * Harness the factory provides:
 * - `turns`: the adapter;
 * - `createUser()` and `createConversation(userId)`: a user and one of their conversations;
 * - `expireTurns(conversationId)`: time passing past every turn's expiry (a crashed server);
 * - `ledger`: the credits `start` holds from (each new user has a balance of at least 10);
 * - `signIn(userId)`: a sign-in session of the user, as the database knows it, and its sign-out.
 */
import { describe, expect, it } from 'vitest';
import type { ConversationStore, ConversationTurns } from '../../core/chat/index.js';
import type { UsageLedger } from '../../core/credits/index.js';
import type { Result } from '../../core/shared/index.js';

export interface ConversationTurnsHarness {
  readonly turns: ConversationTurns;
  /** The store the turns write to, to read back what `start` wrote. */
  readonly store: ConversationStore;
  createUser(): Promise<string>;
  createConversation(userId: string): Promise<string>;
  expireTurns(conversationId: string): Promise<void>;
  readonly ledger: UsageLedger;
  signIn(userId: string): Promise<{ readonly sessionId: string; signOut(): Promise<void> }>;
}

const code = (r: Result<unknown>) => (r.success ? 'ok' : r.error.code);
const turnOf = (r: Result<{ turnId: string }>) => {
  if (!r.success) throw new Error(`expected a turn, got ${r.error.code}`);
  return r.data.turnId;
};

export function conversationTurnsContract(name: string, makeHarness: () => Promise<ConversationTurnsHarness>): void {
  describe(`ConversationTurns contract: ${name}`, () => {
    const owned = async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      return { h, user, conversationId: await h.createConversation(user) };
    };

    it('a second claim while a turn runs is conversation_busy; after release the next one wins', async () => {
      const { h, user, conversationId } = await owned();
      const first = turnOf(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }));
      expect(code(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }))).toBe('conversation_busy');
      expect(code(await h.turns.release({ userId: user, conversationId, turnId: first }))).toBe('ok');
      expect(code(await h.turns.release({ userId: user, conversationId, turnId: first }))).toBe('ok');
      expect(turnOf(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }))).not.toBe(first);
    });

    it('of ten claims at once exactly one wins', async () => {
      const { h, user, conversationId } = await owned();
      const claims = await Promise.all(Array.from({ length: 10 }, () => h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 })));
      expect(claims.map(code).sort()).toEqual([...Array<string>(9).fill('conversation_busy'), 'ok']);
    });

    it('an old turn id releases nothing: the current turn stays', async () => {
      const { h, user, conversationId } = await owned();
      const first = turnOf(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }));
      await h.expireTurns(conversationId);
      const second = turnOf(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }));
      await h.turns.release({ userId: user, conversationId, turnId: first });
      expect(code(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }))).toBe('conversation_busy');
      await h.turns.release({ userId: user, conversationId, turnId: second });
    });

    it('a turn left behind (a crashed server) stops counting once it expires', async () => {
      const { h, user, conversationId } = await owned();
      turnOf(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }));
      await h.expireTurns(conversationId);
      expect(code(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }))).toBe('ok');
    });

    it("another user's or a missing conversation is not_found, and its turn is untouched", async () => {
      const { h, user, conversationId } = await owned();
      const intruder = await h.createUser();
      expect(code(await h.turns.claim({ userId: intruder, conversationId, ttlSeconds: 60 }))).toBe('not_found');
      expect(code(await h.turns.claim({ userId: user, conversationId: '00000000-0000-4000-8000-00000000beef', ttlSeconds: 60 }))).toBe('not_found');
      const mine = turnOf(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }));
      await h.turns.release({ userId: intruder, conversationId, turnId: mine });
      expect(code(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }))).toBe('conversation_busy');
    });

    const ask = (content: string) => ({ role: 'user' as const, content, modelId: null, modelIds: ['a', 'b'], inputTokens: null, outputTokens: null });

    const balanceOf = async (h: ConversationTurnsHarness, user: string) => {
      const balance = await h.ledger.getBalance(user);
      if (!balance.success) throw new Error(balance.error.message);
      return balance.data;
    };

    it('start with holds: the credits of the answers are held in the same step, by model', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const balance = await balanceOf(h, user);
      const started = await h.turns.start({
        userId: user, conversationId: null, title: 'Held', message: ask('Two answers, please'), ttlSeconds: 60,
        holds: [{ modelId: 'a', amount: 2 }, { modelId: 'b', amount: 3 }], holdTtlSeconds: 60,
      });
      if (!started.success) throw new Error(started.error.message);
      expect([...started.data.holds.keys()]).toEqual(['a', 'b']);
      // What is held is no longer free: only balance - 5 can be held on top.
      expect(code(await h.ledger.holdCredits({ userId: user, amount: balance - 4, ttlSeconds: 60 }))).toBe('insufficient_credits');
      for (const holdId of started.data.holds.values()) expect(code(await h.ledger.releaseHold({ holdId, userId: user }))).toBe('ok');
      expect(code(await h.ledger.holdCredits({ userId: user, amount: balance, ttlSeconds: 60 }))).toBe('ok');
    });

    it('start with holds the balance cannot cover writes nothing and holds nothing; the refusal names the balance, what others hold and the need', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const balance = await balanceOf(h, user);
      const other = await h.ledger.holdCredits({ userId: user, amount: 1, ttlSeconds: 60 });
      if (!other.success) throw new Error(other.error.message);
      const refused = await h.turns.start({
        userId: user, conversationId: null, title: 'Too dear', message: ask('Too dear'), ttlSeconds: 60,
        holds: [{ modelId: 'a', amount: balance - 1 }, { modelId: 'b', amount: 1 }], holdTtlSeconds: 60,
      });
      expect(refused.success ? 'ok' : refused.error.code).toBe('insufficient_credits');
      if (!refused.success) expect(refused.error.details).toMatchObject({ balance, held: 1, required: balance });
      const listed = await h.store.listConversations(user);
      expect(listed.success && listed.data).toEqual([]);
      // Nothing of the refused start is held: all but the other hold is free.
      expect(code(await h.ledger.holdCredits({ userId: user, amount: balance - 1, ttlSeconds: 60 }))).toBe('ok');
    });

    it('start with holds on an existing conversation: refused, its history is untouched and its turn is free', async () => {
      const { h, user, conversationId } = await owned();
      const balance = await balanceOf(h, user);
      const refused = await h.turns.start({
        userId: user, conversationId, title: 'x', message: ask('Too dear'), ttlSeconds: 60,
        holds: [{ modelId: 'a', amount: balance + 1 }], holdTtlSeconds: 60,
      });
      expect(refused.success ? 'ok' : refused.error.code).toBe('insufficient_credits');
      const stored = await h.store.listMessages(user, conversationId);
      expect(stored.success && stored.data).toEqual([]);
      expect(code(await h.turns.claim({ userId: user, conversationId, ttlSeconds: 60 }))).toBe('ok');
    });

    it('start in a session that stands writes as start does; once signed out it writes nothing, holds nothing and is not_authenticated', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const balance = await balanceOf(h, user);
      const session = await h.signIn(user);
      const started = await h.turns.start({
        userId: user, conversationId: null, title: 'In a session', message: ask('Signed in'), ttlSeconds: 60,
        holds: [{ modelId: 'a', amount: 2 }], holdTtlSeconds: 60, sessionId: session.sessionId,
      });
      if (!started.success) throw new Error(started.error.message);
      expect(started.data.userMessage.content).toBe('Signed in');
      for (const holdId of started.data.holds.values()) await h.ledger.releaseHold({ holdId, userId: user });
      expect(code(await h.turns.release({ userId: user, conversationId: started.data.conversation.id, turnId: started.data.turnId }))).toBe('ok');

      await session.signOut();
      const refused = await h.turns.start({
        userId: user, conversationId: null, title: 'Signed out', message: ask('Signed out'), ttlSeconds: 60,
        holds: [{ modelId: 'a', amount: 2 }], holdTtlSeconds: 60, sessionId: session.sessionId,
      });
      expect(refused.success ? 'ok' : refused.error.code).toBe('not_authenticated');
      if (!refused.success) expect(refused.error.details).toMatchObject({ reason: 'session_ended' });
      const onExisting = await h.turns.start({
        userId: user, conversationId: started.data.conversation.id, title: 'x', message: ask('Signed out'), ttlSeconds: 60, sessionId: session.sessionId,
      });
      expect(code(onExisting)).toBe('not_authenticated');
      const listed = await h.store.listConversations(user);
      expect(listed.success && listed.data.map((c) => c.title)).toEqual(['In a session']);
      const messages = await h.store.listMessages(user, started.data.conversation.id);
      expect(messages.success && messages.data.map((m) => m.content)).toEqual(['Signed in']);
      expect(code(await h.ledger.holdCredits({ userId: user, amount: balance, ttlSeconds: 60 }))).toBe('ok');
    });

    it("start in another user's session, or one never signed in, is not_authenticated and writes nothing", async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const other = await h.createUser();
      const theirs = await h.signIn(other);
      for (const sessionId of [theirs.sessionId, '00000000-0000-4000-8000-000000000000', 'not-a-session']) {
        const refused = await h.turns.start({ userId: user, conversationId: null, title: 'x', message: ask('x'), ttlSeconds: 60, sessionId });
        expect(code(refused)).toBe('not_authenticated');
      }
      const listed = await h.store.listConversations(user);
      expect(listed.success && listed.data).toEqual([]);
    });

    it('start: a new conversation, its turn and the user message in one step, with an empty history', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const started = await h.turns.start({ userId: user, conversationId: null, title: 'Tides', message: ask('How do tides work?'), ttlSeconds: 60 });
      if (!started.success) throw new Error(started.error.message);
      expect(started.data.conversation).toMatchObject({ userId: user, title: 'Tides' });
      expect(started.data.history).toEqual([]);
      expect(started.data.userMessage).toMatchObject({ role: 'user', content: 'How do tides work?', modelIds: ['a', 'b'], conversationId: started.data.conversation.id });
      const stored = await h.store.listMessages(user, started.data.conversation.id);
      expect(stored.success && stored.data.map((m) => m.id)).toEqual([started.data.userMessage.id]);
      expect(code(await h.turns.claim({ userId: user, conversationId: started.data.conversation.id, ttlSeconds: 60 }))).toBe('conversation_busy');
    });

    it('start: an existing conversation answers its history; busy or foreign writes nothing', async () => {
      const { h, user, conversationId } = await owned();
      const first = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('one'), ttlSeconds: 60 });
      if (!first.success) throw new Error(first.error.message);
      expect(code(await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('while busy'), ttlSeconds: 60 }))).toBe('conversation_busy');
      await h.turns.release({ userId: user, conversationId, turnId: first.data.turnId });
      const second = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('two'), ttlSeconds: 60 });
      if (!second.success) throw new Error(second.error.message);
      expect(second.data.history.map((m) => m.content)).toEqual(['one']);
      const intruder = await h.createUser();
      expect(code(await h.turns.start({ userId: intruder, conversationId, title: 'x', message: ask('intrusion'), ttlSeconds: 60 }))).toBe('not_found');
      const stored = await h.store.listMessages(user, conversationId);
      expect(stored.success && stored.data.map((m) => m.content)).toEqual(['one', 'two']);
    });

    it('start: settings given with a new chat are stored with it and answered; without, the stored ones are answered', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const settings = { instruction: 'Answer as a tide table would.', models: { a: { temperature: 0.2 }, b: { maxOutputTokens: 64 } } };
      const started = await h.turns.start({ userId: user, conversationId: null, title: 'Tides', message: ask('When is high tide?'), ttlSeconds: 60, settings });
      if (!started.success) throw new Error(started.error.message);
      expect(started.data.settings).toEqual(settings);
      const conversationId = started.data.conversation.id;
      expect(await h.store.getSettings(user, conversationId)).toEqual({ success: true, data: settings });
      await h.turns.release({ userId: user, conversationId, turnId: started.data.turnId });
      const next = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('And low tide?'), ttlSeconds: 60 });
      if (!next.success) throw new Error(next.error.message);
      expect(next.data.settings).toEqual(settings);
    });

    it('start: the context setting comes and goes with the settings: stored with a new chat, kept by a message without settings, replaced by settings given', async () => {
      const h = await makeHarness();
      const user = await h.createUser();
      const settings = { instruction: '', models: {}, context: { mode: 'summary' as const, messages: 12 } };
      const started = await h.turns.start({ userId: user, conversationId: null, title: 'Long', message: ask('one'), ttlSeconds: 60, settings });
      if (!started.success) throw new Error(started.error.message);
      expect(started.data.settings).toEqual(settings);
      const conversationId = started.data.conversation.id;
      expect(await h.store.getSettings(user, conversationId)).toEqual({ success: true, data: settings });
      await h.turns.release({ userId: user, conversationId, turnId: started.data.turnId });
      const kept = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('two'), ttlSeconds: 60 });
      if (!kept.success) throw new Error(kept.error.message);
      expect(kept.data.settings.context).toEqual({ mode: 'summary', messages: 12 });
      await h.turns.release({ userId: user, conversationId, turnId: kept.data.turnId });
      const replaced = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('three'), ttlSeconds: 60, settings: { instruction: 'Brief.', models: {} } });
      if (!replaced.success) throw new Error(replaced.error.message);
      expect(replaced.data.settings).toEqual({ instruction: 'Brief.', models: {} });
      expect(await h.store.getSettings(user, conversationId)).toEqual({ success: true, data: { instruction: 'Brief.', models: {} } });
    });

    it('start: settings given for an existing conversation replace its own; a refused start changes nothing', async () => {
      const { h, user, conversationId } = await owned();
      const first = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('one'), ttlSeconds: 60, settings: { instruction: 'First', models: {} } });
      if (!first.success) throw new Error(first.error.message);
      expect(first.data.settings.instruction).toBe('First');
      const busy = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('busy'), ttlSeconds: 60, settings: { instruction: 'While busy', models: {} } });
      expect(code(busy)).toBe('conversation_busy');
      const stored = await h.store.getSettings(user, conversationId);
      expect(stored.success && stored.data.instruction).toBe('First');
    });

    it('start: the history carries which models a merged answer merged', async () => {
      const { h, user, conversationId } = await owned();
      const first = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('one'), ttlSeconds: 60 });
      if (!first.success) throw new Error(first.error.message);
      for (const m of [
        { role: 'assistant' as const, content: 'A says', modelId: 'a', inputTokens: 1, outputTokens: 1 },
        { role: 'assistant' as const, content: 'B says', modelId: 'b', inputTokens: 1, outputTokens: 1 },
        { role: 'assistant' as const, content: 'Both say', modelId: 'a', mergedFrom: ['a', 'b'], inputTokens: 1, outputTokens: 1 },
      ]) {
        const saved = await h.store.appendMessage(user, conversationId, m);
        if (!saved.success) throw new Error(saved.error.message);
      }
      await h.turns.release({ userId: user, conversationId, turnId: first.data.turnId });
      const second = await h.turns.start({ userId: user, conversationId, title: 'x', message: ask('two'), ttlSeconds: 60 });
      if (!second.success) throw new Error(second.error.message);
      expect(second.data.history.map((m) => m.mergedFrom ?? null)).toEqual([null, null, null, ['a', 'b']]);
    });
  });
}
