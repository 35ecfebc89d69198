import { randomUUID } from 'node:crypto';
import { InMemoryClock } from '../../adapters/in-memory/in-memory-clock.js';
import { InMemoryConversationStore } from '../../adapters/in-memory/in-memory-conversation-store.js';
import { InMemoryConversationTurns } from '../../adapters/in-memory/in-memory-conversation-turns.js';
import { InMemoryUsageLedger } from '../../adapters/in-memory/in-memory-usage-ledger.js';
import { conversationTurnsContract } from './conversation-turns.contract.js';

conversationTurnsContract('InMemoryConversationTurns', async () => {
  const clock = new InMemoryClock();
  const store = new InMemoryConversationStore({ clock });
  const ledger = new InMemoryUsageLedger({ clock });
  const sessions = new Map<string, string>();
  return {
    turns: new InMemoryConversationTurns(store, { clock, ledger, sessions: { stands: (userId, sessionId) => sessions.get(sessionId) === userId } }),
    signIn: async (userId) => {
      const sessionId = randomUUID();
      sessions.set(sessionId, userId);
      return { sessionId, signOut: async () => void sessions.delete(sessionId) };
    },
    store,
    ledger,
    createUser: async () => {
      const userId = randomUUID();
      await ledger.grantCredits({ userId, amount: 100, kind: 'signup_grant', reason: 'test', reference: null });
      return userId;
    },
    createConversation: async (userId) => {
      const created = await store.createConversation(userId, 'Turns');
      if (!created.success) throw new Error(created.error.message);
      return created.data.id;
    },
    expireTurns: async () => clock.advance(24 * 60 * 60 * 1000),
  };
});
