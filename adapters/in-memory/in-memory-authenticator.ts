import type { AuthChange, AuthEventName, AuthSession, AuthUser, SignInMethod, Authenticator } from '../../core/auth/index.js';
import { domainError, notAuthenticated, fail, ok, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';
import type { AccessScope, InMemoryDatabase, MailMessage, SessionRecord, UserRecord } from './in-memory-database.js';

type Operation = keyof Authenticator;

export interface InMemoryAuthenticatorOptions {
  /** Where e-mailed links point, like `<supabase url>/auth/v1`. */
  readonly authUrl?: string;
  /** Where a link goes when the request named no redirect (GoTrue's SITE_URL). */
  readonly siteUrl?: string;
  readonly codeTtlSeconds?: number;
  readonly sessionTtlSeconds?: number;
  /** The account the fake Google consent screen signs in with. */
  readonly googleEmail?: string;
  /** GoTrue's per-address e-mail interval (60 s hosted); 0, the default here, sends every time. */
  readonly emailMinIntervalSeconds?: number;
}

const INVALID_TOKEN = 'Token has expired or is invalid';
const INVALID_LINK = 'Email link is invalid or has expired';
const randomDigits = (n: number): string => Array.from({ length: n }, () => Math.floor(Math.random() * 10)).join('');
const randomHex = (n: number): string => Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/**
 * One browser's auth client on top of an in-memory auth server (the database). Mirrors GoTrue's
 * observable rules: codes and links are single use, expire, and a newer one replaces the older;
 * magic links and Google land on `redirect_to#access_token=...`; events fire as supabase-js does.
 */
export class InMemoryAuthenticator implements Authenticator, AccessScope {
  readonly failures = new FailureInjector<Operation>();
  private current: SessionRecord | null = null;
  private readonly listeners = new Set<(change: AuthChange) => void>();
  private readonly authUrl: string;
  private readonly siteUrl: string;
  private readonly codeTtlMs: number;
  private readonly sessionTtlSeconds: number;
  private readonly googleEmail: string;
  private readonly emailMinIntervalMs: number;

  constructor(
    private readonly db: InMemoryDatabase,
    options: InMemoryAuthenticatorOptions = {},
  ) {
    this.authUrl = options.authUrl ?? 'http://auth.in-memory.test/auth/v1';
    this.siteUrl = options.siteUrl ?? 'http://localhost:3000';
    this.codeTtlMs = (options.codeTtlSeconds ?? 3600) * 1000;
    this.sessionTtlSeconds = options.sessionTtlSeconds ?? 3600;
    this.googleEmail = options.googleEmail ?? 'google.user@example.com';
    this.emailMinIntervalMs = (options.emailMinIntervalSeconds ?? 0) * 1000;
  }

  actingUserId(): string | null {
    return this.current && this.db.sessions.has(this.current.accessToken) ? this.current.userId : null;
  }

  async getSession(): Promise<Result<AuthSession | null>> {
    const injected = this.failures.take('getSession');
    if (injected) return fail(injected);
    return ok(this.current ? this.toSession(this.current) : null);
  }

  async getUser(): Promise<Result<AuthUser>> {
    const injected = this.failures.take('getUser');
    if (injected) return fail(injected);
    const userId = this.actingUserId();
    const user = userId ? this.db.users.get(userId) : undefined;
    return user ? ok(toAuthUser(user)) : fail(notAuthenticated());
  }

  async sendMagicLink(input: { email: string; emailRedirectTo: string }): Promise<Result<void>> {
    return this.sendOtp('sendMagicLink', input.email, input.emailRedirectTo, 'Your magic link');
  }

  async sendEmailCode(input: { email: string; shouldCreateUser: true }): Promise<Result<void>> {
    return this.sendOtp('sendEmailCode', input.email, this.siteUrl, 'Your sign-in code');
  }

  async verifyEmailCode(input: { email: string; token: string; type: 'email' }): Promise<Result<AuthSession>> {
    const injected = this.failures.take('verifyEmailCode');
    if (injected) return fail(injected);
    const otp = this.db.otps.get(input.email.trim().toLowerCase());
    if (!otp || otp.code !== input.token.trim() || !this.consumable(otp)) return fail(domainError('validation', INVALID_TOKEN));
    otp.used = true;
    const user = this.db.findUserByEmail(otp.email);
    if (!user) throw new Error(`OTP for ${otp.email} has no user`);
    return ok(this.adopt(this.mintSession(user), 'SIGNED_IN', 'email_code'));
  }

  async signInWithOAuth(input: {
    provider: 'google';
    redirectTo: string;
    queryParams: Readonly<Record<string, string>>;
  }): Promise<Result<{ url: string }>> {
    const injected = this.failures.take('signInWithOAuth');
    if (injected) return fail(injected);
    const query = new URLSearchParams({ provider: input.provider, redirect_to: input.redirectTo, ...input.queryParams });
    return ok({ url: `${this.authUrl}/authorize?${query.toString()}` });
  }

  async completeRedirect(callbackUrl: string): Promise<Result<AuthSession>> {
    const injected = this.failures.take('completeRedirect');
    if (injected) return fail(injected);
    const params = callbackParams(callbackUrl);
    if (!params) return fail(domainError('validation', 'Not a sign-in callback URL'));
    const error = params.get('error_description') ?? params.get('error');
    if (error) return fail(domainError('validation', error, { errorCode: params.get('error_code') }));
    const record = this.db.sessions.get(params.get('access_token') ?? '');
    if (!record) return fail(domainError('validation', INVALID_LINK));
    const provider = this.db.users.get(record.userId)?.appMetadata['provider'];
    return ok(this.adopt(record, 'SIGNED_IN', provider === 'google' ? 'google' : 'magic_link'));
  }

  async updateUserMetadata(data: Readonly<Record<string, unknown>>): Promise<Result<AuthUser>> {
    const injected = this.failures.take('updateUserMetadata');
    if (injected) return fail(injected);
    const userId = this.actingUserId();
    const user = userId ? this.db.users.get(userId) : undefined;
    if (!user || !this.current) return fail(notAuthenticated());
    const merged: Record<string, unknown> = { ...user.userMetadata };
    // As GoTrue: a shallow merge where null deletes the key.
    for (const [key, value] of Object.entries(data)) {
      if (value === null) delete merged[key];
      else merged[key] = value;
    }
    user.userMetadata = merged;
    this.emit('USER_UPDATED', this.toSession(this.current));
    return ok(toAuthUser(user));
  }

  async signOut(): Promise<Result<void>> {
    const injected = this.failures.take('signOut');
    if (injected) return fail(injected);
    if (this.current) {
      // Global scope, the supabase-js default: every session of the user ends.
      const userId = this.current.userId;
      for (const [token, record] of this.db.sessions) if (record.userId === userId) this.db.sessions.delete(token);
    }
    this.current = null;
    this.emit('SIGNED_OUT', null);
    return ok(undefined);
  }

  onAuthChange(listener: (change: AuthChange) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The latest message the auth server sent to this address. */
  latestMail(email: string): MailMessage | null {
    const to = email.trim().toLowerCase();
    return this.db.mailbox.findLast((m) => m.to === to) ?? null;
  }

  /**
   * Follows a link as the browser would (the e-mailed verify link, or the OAuth authorize URL with
   * a fake consent screen) and answers the URL the browser lands on.
   */
  openLink(link: string): string {
    const url = new URL(link);
    const redirectTo = url.searchParams.get('redirect_to') ?? this.siteUrl;
    if (url.pathname.endsWith('/authorize')) {
      const user = this.db.findUserByEmail(this.googleEmail) ?? this.db.createUser({ email: this.googleEmail, provider: 'google' });
      return landingUrl(redirectTo, this.mintSession(user), this.sessionTtlSeconds, 'signup');
    }
    const otp = [...this.db.otps.values()].find((o) => o.tokenHash === url.searchParams.get('token'));
    if (!url.pathname.endsWith('/verify') || !otp || !this.consumable(otp)) {
      const error = new URLSearchParams({ error: 'access_denied', error_code: 'otp_expired', error_description: INVALID_LINK });
      return `${redirectTo}#${error.toString()}`;
    }
    otp.used = true;
    const user = this.db.findUserByEmail(otp.email);
    if (!user) throw new Error(`OTP for ${otp.email} has no user`);
    return landingUrl(redirectTo, this.mintSession(user), this.sessionTtlSeconds, 'magiclink');
  }

  /**
   * Test shortcut: a signed-in session for an existing user, without the e-mail round trip. With a
   * `method` it is a sign-in this page finished; without, one it only learns of (a restored
   * session, a sign-in finished in another tab).
   */
  signInAs(userId: string, method?: SignInMethod): AuthSession {
    const user = this.db.users.get(userId);
    if (!user) throw new Error(`No user ${userId}`);
    return this.adopt(this.mintSession(user), 'SIGNED_IN', method);
  }

  private async sendOtp(operation: Operation, rawEmail: string, redirectTo: string, subject: string): Promise<Result<void>> {
    const injected = this.failures.take(operation);
    if (injected) return fail(injected);
    const email = rawEmail.trim().toLowerCase();
    const previous = this.db.otps.get(email);
    const waitMs = previous ? previous.issuedAtMs + this.emailMinIntervalMs - this.db.clock.now().getTime() : 0;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      return fail(domainError('rate_limited', `For security purposes, you can only request this after ${seconds} seconds.`, { retryAfterSeconds: seconds }));
    }
    // shouldCreateUser: an unknown address signs up here.
    if (!this.db.findUserByEmail(email)) this.db.createUser({ email, provider: 'email' });
    const otp = { email, code: randomDigits(6), tokenHash: randomHex(56), issuedAtMs: this.db.clock.now().getTime(), used: false };
    this.db.otps.set(email, otp);
    const query = new URLSearchParams({ token: otp.tokenHash, type: 'magiclink', redirect_to: redirectTo });
    const link = `${this.authUrl}/verify?${query.toString()}`;
    this.db.mailbox.push({ to: email, subject, code: otp.code, link, sentAt: this.db.nowIso() });
    return ok(undefined);
  }

  private consumable(otp: { used: boolean; issuedAtMs: number }): boolean {
    return !otp.used && this.db.clock.now().getTime() - otp.issuedAtMs <= this.codeTtlMs;
  }

  private mintSession(user: UserRecord): SessionRecord {
    user.lastSignInAt = this.db.nowIso();
    const record: SessionRecord = {
      accessToken: `at-${randomHex(32)}`,
      refreshToken: `rt-${randomHex(24)}`,
      expiresAt: Math.floor(this.db.clock.now().getTime() / 1000) + this.sessionTtlSeconds,
      userId: user.id,
    };
    this.db.sessions.set(record.accessToken, record);
    return record;
  }

  private adopt(record: SessionRecord, event: AuthEventName, method?: SignInMethod): AuthSession {
    this.current = record;
    const session = this.toSession(record);
    this.emit(event, session, method);
    return session;
  }

  private toSession(record: SessionRecord): AuthSession {
    const user = this.db.users.get(record.userId);
    if (!user) throw new Error(`Session for missing user ${record.userId}`);
    const { accessToken, refreshToken, expiresAt } = record;
    return { accessToken, refreshToken, expiresAt, user: toAuthUser(user) };
  }

  private emit(event: AuthEventName, session: AuthSession | null, method?: SignInMethod): void {
    for (const listener of [...this.listeners]) listener(method === undefined ? { event, session } : { event, session, method });
  }
}

const toAuthUser = (user: UserRecord): AuthUser => ({
  id: user.id,
  email: user.email,
  userMetadata: structuredClone(user.userMetadata),
  appMetadata: structuredClone(user.appMetadata),
  createdAt: user.createdAt,
});

const landingUrl = (redirectTo: string, session: SessionRecord, ttlSeconds: number, type: string): string => {
  const fragment = new URLSearchParams({
    access_token: session.accessToken,
    expires_at: String(session.expiresAt),
    expires_in: String(ttlSeconds),
    refresh_token: session.refreshToken,
    token_type: 'bearer',
    type,
  });
  return `${redirectTo}#${fragment.toString()}`;
};

/** Hash and query parameters merged, the query winning (as supabase-js reads a callback). */
const callbackParams = (callbackUrl: string): URLSearchParams | null => {
  if (!URL.canParse(callbackUrl)) return null;
  const url = new URL(callbackUrl);
  const merged = new URLSearchParams(url.hash.replace(/^#/, ''));
  for (const [key, value] of url.searchParams) merged.set(key, value);
  return merged;
};
