import { describe, expect, it } from 'vitest';
import type { AuthSettings } from '../auth/auth-context.js';
import { parsePkceChallenge } from '../auth/flow-state.js';
import { errorRedirect, resolveRedirect, withFragment } from '../auth/redirects.js';

const settings: AuthSettings = {
  siteUrl: 'http://127.0.0.1:3000',
  additionalRedirectUrls: ['http://localhost:3000'],
  apiExternalUrl: 'http://127.0.0.1:54321',
  otpTtlSeconds: 3600,
  emailMinIntervalSeconds: 0,
  emailsSentPerHour: 0,
  otpMaxAttempts: 5,
  flowStateTtlSeconds: 300,
  refreshTokenReuseIntervalSeconds: 10,
};

describe('Auth stand-in redirects (supabase-wire §1: redirect_to must pass the allow-list, else SITE_URL)', () => {
  it.each([
    ['http://127.0.0.1:3000/auth/callback', 'http://127.0.0.1:3000/auth/callback'],
    ['http://localhost:3000/auth/callback?hl=fr', 'http://localhost:3000/auth/callback?hl=fr'],
    ['http://127.0.0.1:3001/auth/callback', 'http://127.0.0.1:3000'],
    ['https://127.0.0.1:3000/auth/callback', 'http://127.0.0.1:3000'],
    ['javascript:alert(1)', 'http://127.0.0.1:3000'],
    ['//evil.example/x', 'http://127.0.0.1:3000'],
    ['not a url', 'http://127.0.0.1:3000'],
    ['', 'http://127.0.0.1:3000'],
  ])('%s → %s', (requested, expected) => {
    expect(resolveRedirect(settings, requested)).toBe(expected);
  });

  it('fragments replace an existing one and keep keys sorted like Go’s url.Values', () => {
    expect(withFragment('http://a.test/cb#old', { b: '2', a: 'x y' })).toBe('http://a.test/cb#a=x+y&b=2');
  });

  it('PKCE errors also go in the query string, implicit ones only in the fragment', () => {
    const error = { error: 'access_denied', code: 'otp_expired', description: 'Email link is invalid or has expired' };
    const pkce = new URL(errorRedirect('http://a.test/cb', error, true));
    expect(pkce.searchParams.get('error_code')).toBe('otp_expired');
    expect(new URLSearchParams(pkce.hash.slice(1)).get('error_code')).toBe('otp_expired');
    expect(new URL(errorRedirect('http://a.test/cb', error, false)).search).toBe('');
  });
});

describe('PKCE challenge parameters (supabase-wire §1: s256 or plain, compared case-insensitively)', () => {
  const challenge = 'a'.repeat(43);
  it('accepts both or neither', () => {
    expect(parsePkceChallenge(null, null)).toEqual({ success: true, data: null });
    expect(parsePkceChallenge(challenge, 'S256')).toEqual({ success: true, data: { codeChallenge: challenge, method: 's256' } });
  });
  it.each([
    [challenge, null, 'PKCE flow requires code_challenge_method and code_challenge'],
    [null, 's256', 'PKCE flow requires code_challenge_method and code_challenge'],
    [challenge, 'sha1', 'code challenge method not supported: sha1'],
    ['short', 's256', 'code challenge has to be between 43 and 128 characters'],
  ])('refuses challenge %s with method %s', (value, method, message) => {
    expect(parsePkceChallenge(value, method)).toEqual({ success: false, error: { status: 400, code: 'validation_failed', message } });
  });
});
