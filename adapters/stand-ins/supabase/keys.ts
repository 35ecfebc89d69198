import { randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Result } from './result.js';
import { fail, ok } from './result.js';

/**
 * Keys of the local stand-in. Like the Supabase CLI, anon and service_role keys are HS256 JWTs
 * signed with the same secret as user access tokens, but the secret is generated per install and
 * kept in the data folder (never shipped, never a published default).
 */
export const KEYS_FILE_NAME = 'supabase-keys.json';
const ACCESS_TOKEN_TTL_SECONDS = 3600;
const API_KEY_TTL_SECONDS = 10 * 365 * 24 * 3600;

const storedKeysSchema = z.object({
  jwtSecret: z.string().min(32, 'jwtSecret must be at least 32 characters'),
  anonKey: z.string().min(1),
  serviceRoleKey: z.string().min(1),
});
type StoredKeys = z.infer<typeof storedKeysSchema>;

export interface JwtClaims {
  readonly role: string;
  readonly sub?: string;
  readonly session_id?: string;
  readonly email?: string;
  readonly exp?: number;
  readonly iat?: number;
  readonly [claim: string]: unknown;
}

export interface JwtError {
  readonly code: 'bad_jwt';
  readonly reason: 'expired' | 'invalid';
  readonly message: string;
}

/** What an access token says about its user (the fields GoTrue copies into the JWT). */
export interface TokenUser {
  readonly id: string;
  readonly email: string | null;
  readonly phone?: string | null;
  readonly appMetadata: Readonly<Record<string, unknown>>;
  readonly userMetadata: Readonly<Record<string, unknown>>;
  readonly isAnonymous?: boolean;
}

export interface TokenSession {
  readonly id: string;
  /** How the session was authenticated: `otp`, `magiclink`, `oauth`... (the JWT `amr`). */
  readonly method: string;
  /** Unix seconds of that authentication. */
  readonly authenticatedAt: number;
}

export interface SignedAccessToken {
  readonly accessToken: string;
  readonly expiresIn: number;
  readonly expiresAt: number;
}

export interface LocalKeys {
  readonly jwtSecret: string;
  readonly anonKey: string;
  readonly serviceRoleKey: string;
  readonly issuer: string;
  /** `anon` or `service_role` for one of this install's API keys, otherwise null. */
  roleOfApiKey(key: string): 'anon' | 'service_role' | null;
  signAccessToken(user: TokenUser, session: TokenSession): Promise<SignedAccessToken>;
  verifyJwt(token: string): Promise<Result<JwtClaims, JwtError>>;
}

export interface LocalKeysOptions {
  /** Where supabase-keys.json lives; undefined keeps fresh keys in memory only (tests). */
  readonly dataDir?: string;
  /** The `iss` of access tokens: GoTrue uses its external URL, `<api url>/auth/v1`. */
  readonly issuer: string;
  /** Milliseconds since the epoch; injectable so tests can expire tokens without waiting. */
  readonly now?: () => number;
}

export async function openLocalKeys(options: LocalKeysOptions): Promise<LocalKeys> {
  const now = options.now ?? Date.now;
  const stored =
    options.dataDir === undefined ? await generateKeys(now) : await loadOrCreate(options.dataDir, now);
  return makeLocalKeys(stored, options.issuer, now);
}

async function loadOrCreate(dataDir: string, now: () => number): Promise<StoredKeys> {
  const file = join(dataDir, KEYS_FILE_NAME);
  const existing = await readFile(file, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw error;
  });
  if (existing !== null) {
    const parsed = storedKeysSchema.safeParse(JSON.parse(existing));
    if (!parsed.success) throw new Error(`${file} is not a valid keys file: ${parsed.error.message}`);
    // Written by an earlier version with the default modes: the owner's only from now on.
    await chmod(dataDir, 0o700);
    await chmod(file, 0o600);
    return parsed.data;
  }
  const keys = await generateKeys(now);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
  await writeFile(file, `${JSON.stringify({ ...keys, createdAt: new Date(now()).toISOString() }, null, 2)}\n`, {
    mode: 0o600,
    flag: 'wx',
  });
  await chmod(file, 0o600);
  return keys;
}

async function generateKeys(now: () => number): Promise<StoredKeys> {
  const jwtSecret = randomBytes(48).toString('base64url');
  const secret = new TextEncoder().encode(jwtSecret);
  const iat = Math.floor(now() / 1000);
  const apiKey = (role: string) =>
    new SignJWT({ iss: 'supabase-local', role })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(iat)
      .setExpirationTime(iat + API_KEY_TTL_SECONDS)
      .sign(secret);
  return { jwtSecret, anonKey: await apiKey('anon'), serviceRoleKey: await apiKey('service_role') };
}

/** Verified tokens kept, like PostgREST's JWT cache; the oldest go first past this many. */
const VERIFIED_CACHE_SIZE = 2_000;

function makeLocalKeys(stored: StoredKeys, issuer: string, now: () => number): LocalKeys {
  const secret = new TextEncoder().encode(stored.jwtSecret);
  // A token's signature is checked once; until it expires (by the stand-in's clock) its claims are
  // reused, which saves the HMAC on every REST request of a session.
  const verified = new Map<string, JwtClaims>();
  const remember = (token: string, claims: JwtClaims) => {
    if (verified.size >= VERIFIED_CACHE_SIZE) verified.delete(verified.keys().next().value as string);
    verified.set(token, claims);
  };
  const stillValid = (claims: JwtClaims) => typeof claims.exp !== 'number' || claims.exp * 1000 > now();
  return {
    ...stored,
    issuer,
    roleOfApiKey: (key) =>
      key === stored.anonKey ? 'anon' : key === stored.serviceRoleKey ? 'service_role' : null,
    async signAccessToken(user, session) {
      const iat = Math.floor(now() / 1000);
      const expiresAt = iat + ACCESS_TOKEN_TTL_SECONDS;
      const accessToken = await new SignJWT({
        aud: 'authenticated',
        exp: expiresAt,
        iat,
        iss: issuer,
        sub: user.id,
        email: user.email ?? '',
        phone: user.phone ?? '',
        app_metadata: user.appMetadata,
        user_metadata: user.userMetadata,
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: session.method, timestamp: session.authenticatedAt }],
        session_id: session.id,
        is_anonymous: user.isAnonymous ?? false,
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .sign(secret);
      return { accessToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS, expiresAt };
    },
    async verifyJwt(token) {
      const known = verified.get(token);
      if (known && stillValid(known)) return ok(known);
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          currentDate: new Date(now()),
        });
        if (typeof payload.role !== 'string' || payload.role === '') {
          return fail({ code: 'bad_jwt', reason: 'invalid', message: 'invalid JWT: missing role claim' });
        }
        remember(token, payload as JwtClaims);
        return ok(payload as JwtClaims);
      } catch (error) {
        if (error instanceof joseErrors.JWTExpired) {
          return fail({ code: 'bad_jwt', reason: 'expired', message: 'invalid JWT: token is expired' });
        }
        if (error instanceof joseErrors.JOSEError) {
          return fail({
            code: 'bad_jwt',
            reason: 'invalid',
            message: 'invalid JWT: unable to parse or verify signature',
          });
        }
        throw error;
      }
    },
  };
}
