import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseInstructionPresets } from '../../adapters/supabase/supabase-instruction-presets.js';
import { StandInUsers, browserClient, serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { instructionPresetsContract } from './instruction-presets.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

instructionPresetsContract('SupabaseInstructionPresets (service role) on the local stand-in', async () => {
  const users = new StandInUsers(supabase);
  return { presets: new SupabaseInstructionPresets(serviceClient(supabase)), createUser: () => users.create(), actAs: async () => undefined };
});

// With a user's own token, row-level security guards every row as well.
instructionPresetsContract('SupabaseInstructionPresets (the user’s token) on the local stand-in', async () => {
  const users = new StandInUsers(supabase);
  const client = browserClient(supabase);
  return { presets: new SupabaseInstructionPresets(client), createUser: () => users.create(), actAs: (userId) => users.signInAs(client, userId) };
});
