import type { AuthChange, AuthSession, AuthUser } from '../domain/auth.js';
import type { Result } from '../../shared/index.js';

/** Sign-in and session management (Supabase Auth in production). */
export interface Authenticator {
  getSession(): Promise<Result<AuthSession | null>>;
  /** Fetches the user record again from the auth server. */
  getUser(): Promise<Result<AuthUser>>;
  /** Magic link: `emailRedirectTo` is where the e-mailed link lands (origin + /auth/callback). */
  sendMagicLink(input: { email: string; emailRedirectTo: string }): Promise<Result<void>>;
  /** One-time code: always `shouldCreateUser: true`. */
  sendEmailCode(input: { email: string; shouldCreateUser: true }): Promise<Result<void>>;
  /** Verifies an e-mailed code (`type: 'email'`). */
  verifyEmailCode(input: { email: string; token: string; type: 'email' }): Promise<Result<AuthSession>>;
  /** Starts an OAuth sign-in; in the browser this navigates away, so it answers the URL it used. */
  signInWithOAuth(input: {
    provider: 'google';
    redirectTo: string;
    queryParams: Readonly<Record<string, string>>;
  }): Promise<Result<{ url: string }>>;
  /** Finishes a redirect sign-in (magic link or OAuth) from the callback URL. */
  completeRedirect(callbackUrl: string): Promise<Result<AuthSession>>;
  updateUserMetadata(data: Readonly<Record<string, unknown>>): Promise<Result<AuthUser>>;
  signOut(): Promise<Result<void>>;
  /** Subscribes to auth changes; answers the unsubscribe function. */
  onAuthChange(listener: (change: AuthChange) => void): () => void;
}
