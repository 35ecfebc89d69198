import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseUserDirectory } from '../../adapters/supabase/supabase-user-directory.js';
import { StandInUsers, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { userDirectoryContract } from './user-directory.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

userDirectoryContract('SupabaseUserDirectory (service role) on the local stand-in', async () => {
  const users = new StandInUsers(supabase);
  return { directory: new SupabaseUserDirectory(serviceClient(supabase)), createUser: (email) => users.create(email) };
});
