import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseAuthenticator } from '../../adapters/supabase/supabase-authenticator.js';
import { browserClient, openLink, readMailbox } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase, testClock } from '../support/local-supabase.js';
import { authenticatorContract } from './authenticator.contract.js';

const clock = testClock();
let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase({ now: clock.now });
});
afterAll(async () => {
  await supabase?.stop();
});

const harness = (flowType: 'implicit' | 'pkce') => async () => ({
  auth: new SupabaseAuthenticator(browserClient(supabase, { flowType }), { skipBrowserRedirect: true }),
  readMailbox: (email: string) => readMailbox(supabase, email),
  openLink: (url: string) => openLink(supabase, url),
  advanceClock: async (seconds: number) => clock.advance(seconds * 1000),
});

authenticatorContract('SupabaseAuthenticator (implicit flow) on the local stand-in', harness('implicit'));
authenticatorContract('SupabaseAuthenticator (PKCE flow) on the local stand-in', harness('pkce'));
