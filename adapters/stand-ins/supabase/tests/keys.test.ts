import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { KEYS_FILE_NAME, openLocalKeys } from '../keys.js';

const ISSUER = 'http://127.0.0.1:54321/auth/v1';
let dataDir: string;

beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'supabase-keys-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const user = { id: '6f1c2b7e-8d3a-4c55-9f0e-1a2b3c4d5e6f', email: 'ada@example.com', appMetadata: { provider: 'email' }, userMetadata: {} };
const session = { id: '0e6a3f4c-1b2d-4e5f-8a9b-c0d1e2f3a4b5', method: 'otp', authenticatedAt: 1_700_000_000 };

describe('local stand-in keys: generated on first start into .data/, never shipped', () => {
  it('the first start writes a private keys file; anon and service_role keys are HS256 JWTs with their role', async () => {
    const keys = await openLocalKeys({ dataDir, issuer: ISSUER });
    const file = join(dataDir, KEYS_FILE_NAME);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ jwtSecret: keys.jwtSecret, anonKey: keys.anonKey });
    expect(decodeProtectedHeader(keys.anonKey)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(decodeJwt(keys.anonKey).role).toBe('anon');
    expect(decodeJwt(keys.serviceRoleKey).role).toBe('service_role');
    expect(keys.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('a restart loads the same keys; another install gets different ones', async () => {
    const first = await openLocalKeys({ dataDir, issuer: ISSUER });
    const again = await openLocalKeys({ dataDir, issuer: ISSUER });
    expect(again.anonKey).toBe(first.anonKey);
    expect(again.jwtSecret).toBe(first.jwtSecret);
    const elsewhere = await openLocalKeys({ issuer: ISSUER });
    expect(elsewhere.jwtSecret).not.toBe(first.jwtSecret);
  });

  it('never uses the Supabase CLI’s published demo secret', async () => {
    const keys = await openLocalKeys({ issuer: ISSUER });
    expect(keys.jwtSecret).not.toBe('super-secret-jwt-token-with-at-least-32-characters-long');
  });

  it('a damaged keys file stops the start with a message naming the file', async () => {
    await writeFile(join(dataDir, KEYS_FILE_NAME), JSON.stringify({ jwtSecret: 'short', anonKey: '', serviceRoleKey: '' }));
    await expect(openLocalKeys({ dataDir, issuer: ISSUER })).rejects.toThrow(KEYS_FILE_NAME);
  });

  it('access tokens verify and carry the claims; roleOfApiKey knows only this install’s keys', async () => {
    const keys = await openLocalKeys({ issuer: ISSUER });
    const signed = await keys.signAccessToken(user, session);
    const verified = await keys.verifyJwt(signed.accessToken);
    expect(verified.success && verified.data).toMatchObject({ sub: user.id, session_id: session.id, role: 'authenticated', iss: ISSUER });
    expect(keys.roleOfApiKey(keys.anonKey)).toBe('anon');
    expect(keys.roleOfApiKey(keys.serviceRoleKey)).toBe('service_role');
    expect(keys.roleOfApiKey(signed.accessToken)).toBeNull();
  });

  it('verifyJwt refuses an expired token, a token signed with another secret, and garbage', async () => {
    let now = Date.now();
    const keys = await openLocalKeys({ issuer: ISSUER, now: () => now });
    const signed = await keys.signAccessToken(user, session);
    now += 3601_000;
    expect(await keys.verifyJwt(signed.accessToken)).toEqual({ success: false, error: expect.objectContaining({ code: 'bad_jwt', reason: 'expired' }) });
    const forged = await new SignJWT({ role: 'service_role' })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(48)));
    expect(await keys.verifyJwt(forged)).toEqual({ success: false, error: expect.objectContaining({ reason: 'invalid' }) });
    expect((await keys.verifyJwt('not.a.jwt')).success).toBe(false);
  });

  it('a token without a role claim is refused (PostgREST would not know which role to use)', async () => {
    const keys = await openLocalKeys({ issuer: ISSUER });
    const roleless = await new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode(keys.jwtSecret));
    expect(await keys.verifyJwt(roleless)).toEqual({ success: false, error: expect.objectContaining({ reason: 'invalid' }) });
  });
});
