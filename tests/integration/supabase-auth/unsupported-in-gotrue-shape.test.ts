// What the Auth stand-in does not serve is answered as GoTrue answers errors ({code, error_code, msg}, or
// {code, message} for API version 2024-01-01), never a plain-text 404 that auth-js cannot read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { browserLikeClient, startTestSupabase } from '../../support/local-supabase.js';

let supabase: LocalSupabase;

beforeAll(async () => {
  supabase = await startTestSupabase();
}, 240_000);
afterAll(async () => {
  await supabase?.stop();
});

const auth = (path: string) => `${supabase.url}/auth/v1${path}`;

describe('local Auth stand-in: unsupported endpoints answer in GoTrue\'s error shape', () => {
  it.each([
    ['POST', '/factors'],
    ['POST', '/sso'],
    ['GET', '/admin/sso/providers'],
  ])('%s %s → 404 JSON with error_code', async (method, path) => {
    const response = await fetch(auth(path), {
      method,
      headers: { apikey: supabase.serviceRoleKey, Authorization: `Bearer ${supabase.serviceRoleKey}`, 'content-type': 'application/json' },
      ...(method === 'POST' ? { body: '{}' } : {}),
    });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toContain('application/json');
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['code', 'error_code', 'msg']);
    expect(body).toMatchObject({ code: 404, error_code: 'not_found' });
    expect(response.headers.get('x-sb-error-code')).toBe('not_found');
  });

  it('auth-js reads the refusal as an AuthApiError with its code', async () => {
    const client = browserLikeClient(supabase);
    const sso = await client.auth.signInWithSSO({ domain: 'example.test' });
    expect(sso.error?.status).toBe(404);
    expect(sso.error?.code).toBe('not_found');
    const grant = await fetch(auth('/token?grant_type=id_token'), {
      method: 'POST', headers: { apikey: supabase.anonKey, 'content-type': 'application/json' }, body: '{}',
    });
    expect(grant.status).toBe(400);
    expect(await grant.json()).toMatchObject({ error_code: 'unsupported_grant_type' });
  });

  it('verifyOtp for a type whose tokens the stand-in never issues answers as an invalid token, as hosted does', async () => {
    const client = browserLikeClient(supabase);
    const { error } = await client.auth.verifyOtp({ phone: '+15550000000', token: '123456', type: 'phone_change' });
    expect(error?.status).toBe(403);
    expect(error?.code).toBe('otp_expired');
    expect(error?.message).toBe('Token has expired or is invalid');
  });
});
