import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseProfilingStore } from '../../adapters/supabase/supabase-profiling-store.js';
import { StandInUsers, browserClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { profilingStoreContract } from './profiling-store.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

profilingStoreContract('SupabaseProfilingStore on the local stand-in', async () => {
  const client = browserClient(supabase);
  const users = new StandInUsers(supabase);
  return {
    store: new SupabaseProfilingStore(client),
    createUser: (email) => users.create(email),
    signInAs: (userId) => users.signInAs(client, userId),
    signOut: () => users.signOut(client),
  };
});
