import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseProfileStore } from '../../adapters/supabase/supabase-profile-store.js';
import { SupabaseProfileWriter } from '../../adapters/supabase/supabase-profile-writer.js';
import { StandInUsers, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { profileWriterContract } from './profile-writer.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

profileWriterContract('SupabaseProfileWriter (service role) on the local stand-in', async () => {
  const service = serviceClient(supabase);
  const users = new StandInUsers(supabase);
  // The service role reads past row-level security, so the browser's store doubles as the reader.
  const reader = new SupabaseProfileStore(service);
  return {
    writer: new SupabaseProfileWriter(service),
    createUser: (email) => users.create(email),
    readProfile: async (userId) => {
      const profile = await reader.getProfile(userId);
      if (!profile.success) throw new Error(profile.error.message);
      return profile.data;
    },
  };
});
