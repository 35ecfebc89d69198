import { afterAll, beforeAll } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseRateLimiter } from '../../adapters/supabase/supabase-rate-limiter.js';
import { serviceClient } from '../integration/supabase-adapters/adapter-harness.js';
import { startTestSupabase } from '../support/local-supabase.js';
import { rateLimiterContract } from './rate-limiter.contract.js';

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase();
});
afterAll(async () => {
  await supabase?.stop();
});

rateLimiterContract('SupabaseRateLimiter (service role) on the local stand-in', async () => ({
  limiter: new SupabaseRateLimiter(serviceClient(supabase)),
  peer: new SupabaseRateLimiter(serviceClient(supabase)),
}));
