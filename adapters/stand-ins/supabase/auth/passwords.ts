import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { AuthFailure } from './gotrue-errors.js';
import { authFailure, validationFailed } from './gotrue-errors.js';

/** GoTrue's default `password_min_length`. */
export const PASSWORD_MIN_LENGTH = 6;
/** GoTrue refuses longer passwords (bcrypt reads 72 bytes). */
const PASSWORD_MAX_LENGTH = 72;
const COST = 16_384;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password, salt, KEY_LENGTH, { N: COST, r: 8, p: 1 }, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/**
 * Hashed with scrypt (`$scrypt$<salt>$<key>`, base64url) into auth.users.encrypted_password. GoTrue stores
 * bcrypt; the stand-in has no bcrypt, so a hash copied from a hosted project does not verify here.
 */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  return `$scrypt$${salt.toString('base64url')}$${(await derive(password, salt)).toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const [, kind, salt, key] = (stored ?? '').split('$');
  if (kind !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/** GoTrue's checks of a new password: 422 `weak_password` with its reasons (auth-js AuthWeakPasswordError). */
export function passwordProblem(password: string): AuthFailure | null {
  if ([...password].length > PASSWORD_MAX_LENGTH) return validationFailed(`Password cannot be longer than ${PASSWORD_MAX_LENGTH} characters`);
  if ([...password].length < PASSWORD_MIN_LENGTH) {
    return authFailure(422, 'weak_password', `Password should be at least ${PASSWORD_MIN_LENGTH} characters.`, {
      weak_password: { reasons: ['length'] },
    });
  }
  return null;
}
