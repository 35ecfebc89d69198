/** The signed-in person as the app sees them (app spec §3, "User session"). */
export interface AuthUser {
  readonly id: string;
  readonly email: string | null;
  /** User metadata; `signup_tracked` records that the sign-up event was already sent. */
  readonly userMetadata: Readonly<{ signup_tracked?: boolean } & Record<string, unknown>>;
  /** App metadata; `provider` is the sign-in provider (email, google). */
  readonly appMetadata: Readonly<{ provider?: string } & Record<string, unknown>>;
  readonly createdAt: string;
}

export interface AuthSession {
  readonly accessToken: string;
  readonly refreshToken: string;
  /** Unix seconds. */
  readonly expiresAt: number;
  readonly user: AuthUser;
}

export type AuthEventName =
  | 'INITIAL_SESSION'
  | 'SIGNED_IN'
  | 'SIGNED_OUT'
  | 'TOKEN_REFRESHED'
  | 'USER_UPDATED'
  | 'PASSWORD_RECOVERY';

export interface AuthChange {
  readonly event: AuthEventName;
  readonly session: AuthSession | null;
  /** On a SIGNED_IN this page finished itself: how (code, link or Google). Absent otherwise. */
  readonly method?: SignInMethod;
}

export type SignInMethod = 'magic_link' | 'email_code' | 'google';
