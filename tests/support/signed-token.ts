import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

/**
 * A Supabase-style access token for a new user, signed with the app server's JWT secret: what a
 * test or benchmark sends to a server that checks tokens by their signature alone.
 */
export const signedUserToken = (jwtSecret: string, email = 'someone@example.com') =>
  new SignJWT({ role: 'authenticated', email, user_metadata: {}, app_metadata: { provider: 'email' } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(randomUUID())
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(jwtSecret));
