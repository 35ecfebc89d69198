import type { AuthChangeEvent, Session, SupabaseClient, User } from '@supabase/supabase-js';
import type { AuthChange, AuthEventName, AuthSession, AuthUser, SignInMethod, Authenticator } from '../../core/auth/index.js';
import { domainError, notAuthenticated, fail, ok, type Result } from '../../core/shared/index.js';
import { fromAuth } from './supabase-errors.js';

export interface SupabaseAuthenticatorOptions {
  /**
   * Leave the page alone when Google sign-in starts (tests, server-side rendering): the caller gets
   * the authorize URL and navigates itself. In a browser the default navigates, as supabase-js does.
   */
  readonly skipBrowserRedirect?: boolean;
}

const KNOWN_EVENTS: ReadonlySet<string> = new Set<AuthEventName>([
  'INITIAL_SESSION', 'SIGNED_IN', 'SIGNED_OUT', 'TOKEN_REFRESHED', 'USER_UPDATED', 'PASSWORD_RECOVERY',
]);
const isKnownEvent = (event: AuthChangeEvent): event is AuthEventName => KNOWN_EVENTS.has(event);

export const toAuthUser = (user: User): AuthUser => ({
  id: user.id,
  email: user.email ? user.email : null,
  userMetadata: { ...user.user_metadata },
  appMetadata: { ...user.app_metadata },
  createdAt: user.created_at,
});

const toAuthSession = (session: Session): AuthSession => ({
  accessToken: session.access_token,
  refreshToken: session.refresh_token,
  expiresAt: session.expires_at ?? Math.floor(Date.now() / 1000) + session.expires_in,
  user: toAuthUser(session.user),
});

/**
 * Supabase Auth through the browser's supabase-js client (anon key). The same client carries the
 * session to the REST adapters, so they act as the signed-in user under row-level security.
 * The client must be built with `detectSessionInUrl: false` (see createSupabaseClients):
 * completeRedirect is the one place that finishes a magic-link or Google sign-in.
 */
export class SupabaseAuthenticator implements Authenticator {
  /**
   * The sign-in this page is finishing right now. supabase-js emits SIGNED_IN inside verifyOtp,
   * setSession and exchangeCodeForSession, so a SIGNED_IN seen meanwhile is this page's own and
   * carries its method; one seen otherwise was restored or broadcast by another tab.
   */
  // An object held by the instance, so wrappers built with Object.create(this) share the one state.
  private readonly sign: { finishing: 'email_code' | 'redirect' | null } = { finishing: null };

  constructor(
    private readonly client: SupabaseClient,
    private readonly options: SupabaseAuthenticatorOptions = {},
  ) {}

  async getSession(): Promise<Result<AuthSession | null>> {
    const { data, error } = await this.client.auth.getSession();
    if (error) return fail(fromAuth('Could not read the session', error));
    return ok(data.session ? toAuthSession(data.session) : null);
  }

  async getUser(): Promise<Result<AuthUser>> {
    const { data: held } = await this.client.auth.getSession();
    // Without a session supabase-js would still ask the server with the anon key; the answer is known.
    if (!held.session) return fail(notAuthenticated());
    const { data, error } = await this.client.auth.getUser();
    if (error) return fail(fromAuth('Could not fetch the user', error));
    return ok(toAuthUser(data.user));
  }

  async sendMagicLink(input: { email: string; emailRedirectTo: string }): Promise<Result<void>> {
    const { error } = await this.client.auth.signInWithOtp({
      email: input.email,
      options: { emailRedirectTo: input.emailRedirectTo, shouldCreateUser: true },
    });
    return error ? fail(fromAuth('Could not send the sign-in link', error)) : ok(undefined);
  }

  async sendEmailCode(input: { email: string; shouldCreateUser: true }): Promise<Result<void>> {
    const { error } = await this.client.auth.signInWithOtp({
      email: input.email,
      options: { shouldCreateUser: input.shouldCreateUser },
    });
    return error ? fail(fromAuth('Could not send the sign-in code', error)) : ok(undefined);
  }

  async verifyEmailCode(input: { email: string; token: string; type: 'email' }): Promise<Result<AuthSession>> {
    const { data, error } = await this.finishingBy('email_code', () =>
      this.client.auth.verifyOtp({ email: input.email, token: input.token, type: input.type }),
    );
    if (error) return fail(fromAuth('The code was not accepted', error));
    if (!data.session) return fail(domainError('unexpected', 'The code was accepted but no session was issued', { code: null }));
    return ok(toAuthSession(data.session));
  }

  async signInWithOAuth(input: {
    provider: 'google';
    redirectTo: string;
    queryParams: Readonly<Record<string, string>>;
  }): Promise<Result<{ url: string }>> {
    const { data, error } = await this.client.auth.signInWithOAuth({
      provider: input.provider,
      options: {
        redirectTo: input.redirectTo,
        queryParams: { ...input.queryParams },
        ...(this.options.skipBrowserRedirect ? { skipBrowserRedirect: true } : {}),
      },
    });
    if (error) return fail(fromAuth('Could not start the Google sign-in', error));
    return ok({ url: data.url });
  }

  /**
   * `?code=` is a PKCE callback (the verifier is in this client's storage); a fragment carries either
   * the implicit-flow tokens or GoTrue's error. Anything else is not a sign-in callback.
   */
  async completeRedirect(callbackUrl: string): Promise<Result<AuthSession>> {
    if (!URL.canParse(callbackUrl)) return fail(domainError('validation', `Not a callback URL: ${callbackUrl}`, { code: 'invalid_url' }));
    const url = new URL(callbackUrl);
    const params = new URLSearchParams(url.hash.replace(/^#/, ''));
    url.searchParams.forEach((value, key) => params.set(key, value));
    const description = params.get('error_description') ?? params.get('error');
    if (description !== null) {
      return fail(domainError('validation', `The sign-in link was refused: ${description}`, { code: params.get('error_code') ?? params.get('error') }));
    }
    const code = params.get('code');
    if (code !== null) {
      const { data, error } = await this.finishingBy('redirect', () => this.client.auth.exchangeCodeForSession(code));
      return error ? fail(fromAuth('Could not finish the sign-in', error)) : ok(toAuthSession(data.session));
    }
    const accessToken = params.get('access_token');
    const refreshToken = params.get('refresh_token');
    if (accessToken === null || refreshToken === null) {
      return fail(domainError('validation', 'The callback URL carries no sign-in', { code: 'no_callback_params' }));
    }
    // setSession checks the token with GET /user, stores the session and emits SIGNED_IN.
    const { data, error } = await this.finishingBy('redirect', () =>
      this.client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken }),
    );
    if (error) return fail(fromAuth('Could not finish the sign-in', error));
    if (!data.session) return fail(domainError('unexpected', 'The sign-in finished without a session', { code: null }));
    return ok(toAuthSession(data.session));
  }

  async updateUserMetadata(data: Readonly<Record<string, unknown>>): Promise<Result<AuthUser>> {
    const { data: held } = await this.client.auth.getSession();
    if (!held.session) return fail(notAuthenticated());
    const { data: updated, error } = await this.client.auth.updateUser({ data: { ...data } });
    if (error) return fail(fromAuth('Could not update the user', error));
    return ok(toAuthUser(updated.user));
  }

  async signOut(): Promise<Result<void>> {
    const { error } = await this.client.auth.signOut();
    return error ? fail(fromAuth('Could not sign out', error)) : ok(undefined);
  }

  /** Listeners run inside supabase-js's auth lock: they must not await other auth calls. */
  onAuthChange(listener: (change: AuthChange) => void): () => void {
    const { data } = this.client.auth.onAuthStateChange((event, session) => {
      if (!isKnownEvent(event)) return;
      const change = { event, session: session ? toAuthSession(session) : null };
      const method = event === 'SIGNED_IN' && session ? this.methodOf(session) : undefined;
      listener(method ? { ...change, method } : change);
    });
    return () => data.subscription.unsubscribe();
  }

  private methodOf(session: Session): SignInMethod | undefined {
    if (this.sign.finishing === 'email_code') return 'email_code';
    if (this.sign.finishing === 'redirect') return session.user.app_metadata['provider'] === 'google' ? 'google' : 'magic_link';
    return undefined;
  }

  private async finishingBy<T>(kind: 'email_code' | 'redirect', run: () => Promise<T>): Promise<T> {
    const previous = this.sign.finishing;
    this.sign.finishing = kind;
    try {
      return await run();
    } finally {
      this.sign.finishing = previous;
    }
  }
}
