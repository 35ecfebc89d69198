import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseConversationStore } from '../../adapters/supabase/supabase-conversation-store.js';
import { SupabaseConversationTurns } from '../../adapters/supabase/supabase-conversation-turns.js';
import { SupabaseUsageLedger } from '../../adapters/supabase/supabase-usage-ledger.js';
import { StandInUsers, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { conversationTurnsContract } from './conversation-turns.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

conversationTurnsContract('SupabaseConversationTurns (service role) on the local stand-in', async () => {
  const service = serviceClient(supabase);
  const users = new StandInUsers(supabase);
  const store = new SupabaseConversationStore(service);
  return {
    turns: new SupabaseConversationTurns(service),
    store,
    ledger: new SupabaseUsageLedger(service),
    createUser: () => users.create(),
    createConversation: async (userId) => {
      const created = await store.createConversation(userId, 'Turns');
      if (!created.success) throw new Error(created.error.message);
      return created.data.id;
    },
    // A sign-in session as the stand-in's Auth keeps it (auth.sessions); signing out deletes the row.
    signIn: async (userId) => {
      const sessionId = randomUUID();
      await supabase.db.asAdmin(async (tx) => {
        await tx.query("insert into auth.sessions (id, user_id, amr_method, authenticated_at, created_at) values ($1, $2, 'otp', now(), now())", [sessionId, userId]);
      });
      return {
        sessionId,
        signOut: () => supabase.db.asAdmin(async (tx) => {
          await tx.query('delete from auth.sessions where id = $1', [sessionId]);
        }),
      };
    },
    // Time passing, as the database sees it: the turn is dated back past its expiry.
    expireTurns: async (conversationId) => {
      await supabase.db.asAdmin(async (tx) => {
        await tx.query("update public.conversation_turns set expires_at = now() - interval '1 second' where conversation_id = $1", [conversationId]);
      });
    },
  };
});
