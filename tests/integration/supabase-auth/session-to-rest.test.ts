import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { signInWithCode, startTestSupabase, testClock } from '../../support/local-supabase.js';
import { uniqueEmail } from '../../support/unique-email.js';

const clock = testClock();
let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase({ now: clock.now });
});
afterAll(async () => {
  await supabase?.stop();
});

async function signedInClient() {
  const { client, user } = await signInWithCode(supabase, uniqueEmail('rest'));
  return { client, userId: user.id };
}

describe('local stand-in: Auth sessions reach REST (supabase-wire §0, §3)', () => {
  it('a signed-in supabase-js client reads its own profile through /rest/v1', async () => {
    const { client, userId } = await signedInClient();
    const { data, error } = await client.from('profiles').select('id').single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: userId });
  });

  it('/rest/v1 without apikey is 401 like the hosted gateway', async () => {
    const response = await fetch(`${supabase.url}/rest/v1/profiles?select=id`);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'No API key found in request' });
  });

  it('the browser preflight for REST allows prefer and content-profile and exposes Content-Range', async () => {
    const response = await fetch(`${supabase.url}/rest/v1/profiles`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'apikey,authorization,content-profile,content-type,prefer,x-client-info',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-methods')).toContain('PATCH');
    expect(response.headers.get('access-control-allow-headers')).toContain('prefer');
    const read = await fetch(`${supabase.url}/rest/v1/profiles?select=id`, {
      headers: { apikey: supabase.anonKey, origin: 'http://localhost:3000' },
    });
    expect(read.headers.get('access-control-expose-headers')).toContain('Content-Range');
  });

  it('an access token past its hour is refused by REST with 401 PGRST303', async () => {
    const { client } = await signedInClient();
    clock.advance(3601_000);
    try {
      const { error, status } = await client.from('profiles').select('id');
      expect(status).toBe(401);
      expect(error?.code).toBe('PGRST303');
    } finally {
      clock.reset();
    }
  });
});
