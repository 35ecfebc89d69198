// Users of the Supabase stand-in for Storage tests: an auth row as GoTrue writes it and an access
// token the stand-in's own keys signed, in a supabase-js client (REST and Storage both accept it).
import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';

export interface StandInUser {
  readonly id: string;
  readonly token: string;
  readonly client: SupabaseClient;
}

const options = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

export async function createStandInUser(supabase: LocalSupabase, email = `user-${randomUUID()}@example.test`): Promise<StandInUser> {
  const id = randomUUID();
  await supabase.db.asAdmin((tx) => tx.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [id, email]));
  const { accessToken } = await supabase.keys.signAccessToken(
    { id, email, appMetadata: { provider: 'email' }, userMetadata: {} },
    { id: randomUUID(), method: 'otp', authenticatedAt: Math.floor(Date.now() / 1000) },
  );
  const client = createClient(supabase.url, supabase.anonKey, { ...options, global: { headers: { Authorization: `Bearer ${accessToken}` } } });
  return { id, token: accessToken, client };
}

export const serviceRoleClient = (supabase: LocalSupabase): SupabaseClient => createClient(supabase.url, supabase.serviceRoleKey, options);
export const anonRoleClient = (supabase: LocalSupabase): SupabaseClient => createClient(supabase.url, supabase.anonKey, options);

/** A small valid PNG of the given size (a 1×1 image's IHDR with other dimensions, enough for headers). */
export function pngBytes(width = 2, height = 3, padTo = 0): Uint8Array {
  const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52];
  const bytes = new Uint8Array(Math.max(33, padTo));
  bytes.set(header);
  new DataView(bytes.buffer).setUint32(16, width);
  new DataView(bytes.buffer).setUint32(20, height);
  bytes.set([8, 6, 0, 0, 0], 24);
  for (let i = 33; i < bytes.length; i++) bytes[i] = (i * 31) % 251;
  return bytes;
}
