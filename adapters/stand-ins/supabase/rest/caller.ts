import type { DbRole, JwtClaims } from '../db.js';
import { RestError } from './rest-error.js';

/**
 * Verifies an access token or API key and returns its claims; throws when it is not valid. The Auth
 * side's keys.ts provides it (and maps opaque `sb_…` keys to their claims if it issues such keys).
 */
export type VerifyJwt = (token: string) => Promise<JwtClaims> | JwtClaims;

/** Verified tokens kept per REST app, as PostgREST's JWT cache; the least recently used go first past this many. */
const verifiedTokenCacheSize = 1_000;

/**
 * `verify` with its answers remembered: a token's signature is checked once, and its claims are reused,
 * keyed by the exact token string, until its `exp` passes by `now` (the stand-in's clock, so a test that
 * moves time forward sees the token expire). Failures are never remembered.
 */
export function cachingVerifier(verify: VerifyJwt, now: () => number = Date.now, size = verifiedTokenCacheSize): VerifyJwt {
  const verified = new Map<string, JwtClaims>();
  return (token) => {
    const known = verified.get(token);
    if (known !== undefined) {
      if (typeof known.exp !== 'number' || known.exp * 1000 > now()) {
        // Most recently used last, so the first key is the one to evict.
        verified.delete(token);
        verified.set(token, known);
        return known;
      }
      verified.delete(token);
    }
    const remember = (claims: JwtClaims): JwtClaims => {
      if (verified.size >= size) verified.delete(verified.keys().next().value as string);
      verified.set(token, claims);
      return claims;
    };
    const claims = verify(token);
    return claims instanceof Promise ? claims.then(remember) : remember(claims);
  };
}

export interface Caller {
  readonly role: DbRole;
  readonly claims: JwtClaims;
}

const apiRoles: ReadonlySet<string> = new Set<DbRole>(['anon', 'authenticated', 'service_role']);

function jwtError(code: string, message: string): RestError {
  return new RestError(401, code, message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${message}"`,
  });
}

/**
 * The role PostgREST would switch to: from the JWT in `Authorization: Bearer`, or from `apikey` when
 * the bearer is missing or an opaque `sb_…` key (as the CLI's gateway does); no token at all is anon.
 */
export function identifyCaller(headers: Headers, verifyJwt: VerifyJwt): Caller | Promise<Caller> {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(headers.get('authorization') ?? '')?.[1];
  const token = bearer && !bearer.startsWith('sb_') ? bearer : headers.get('apikey');
  if (!token) return { role: 'anon', claims: { role: 'anon' } };
  let claims: JwtClaims | Promise<JwtClaims>;
  try {
    claims = verifyJwt(token);
  } catch (error) {
    throw verificationError(error);
  }
  // A token the verifier remembers answers at once, without a promise (caching verifier).
  if (claims instanceof Promise) {
    return claims.then(callerOf, (error: unknown) => {
      throw verificationError(error);
    });
  }
  return callerOf(claims);
}

function verificationError(error: unknown): RestError {
  const code = (error as { code?: unknown })?.code;
  if (code === 'ERR_JWT_EXPIRED') return jwtError('PGRST303', 'JWT expired');
  return jwtError('PGRST301', 'No suitable key or wrong key type');
}

function callerOf(claims: JwtClaims): Caller {
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!apiRoles.has(role)) throw jwtError('PGRST301', `role "${role}" is not one of anon, authenticated, service_role`);
  return { role: role as DbRole, claims };
}
