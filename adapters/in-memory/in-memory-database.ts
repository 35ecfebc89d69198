import type { Clock } from '../../core/shared/index.js';
import type { Profile, Profiling } from '../../core/account/index.js';
import { InMemoryClock } from './in-memory-clock.js';

/** auth.users as the in-memory auth server keeps it. */
export interface UserRecord {
  readonly id: string;
  readonly email: string | null;
  readonly createdAt: string;
  lastSignInAt: string | null;
  userMetadata: Record<string, unknown>;
  appMetadata: Record<string, unknown>;
}

/** A profiles row, with the billing columns only the server writes. */
export interface ProfileRecord extends Profile {
  readonly billingCustomerId: string | null;
  readonly subscriptionId: string | null;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
}

/** A one-time password issued for an e-mail; a newer one replaces it (as GoTrue does). */
export interface OtpRecord {
  readonly email: string;
  readonly code: string;
  readonly tokenHash: string;
  readonly issuedAtMs: number;
  used: boolean;
}

export interface SessionRecord {
  readonly accessToken: string;
  readonly refreshToken: string;
  readonly expiresAt: number;
  readonly userId: string;
}

/** What the auth server sent: every magic link and code, inspectable like the local mailbox. */
export interface MailMessage {
  readonly to: string;
  readonly subject: string;
  readonly code: string;
  readonly link: string;
  readonly sentAt: string;
}

/**
 * Who a data adapter acts for, as row-level security sees it: the signed-in user, nobody, or the
 * service role (which bypasses row-level security).
 */
export interface AccessScope {
  actingUserId(): string | null;
  readonly bypassRowSecurity?: boolean;
}

export const SERVICE_ROLE: AccessScope = Object.freeze({ actingUserId: () => null, bypassRowSecurity: true });

/**
 * The shared state behind the in-memory auth and data adapters: one "Supabase project". Several
 * adapters (a browser's authenticator, the server's profile writer, the CLI's user directory) see
 * the same users and rows when built on the same database.
 */
export class InMemoryDatabase {
  readonly users = new Map<string, UserRecord>();
  readonly profiles = new Map<string, ProfileRecord>();
  readonly profilings = new Map<string, Profiling>();
  readonly otps = new Map<string, OtpRecord>();
  readonly sessions = new Map<string, SessionRecord>();
  readonly mailbox: MailMessage[] = [];
  private sequence = 0;

  constructor(readonly clock: Clock = new InMemoryClock()) {}

  /** A fresh UUID-shaped id; sequential so test output is readable. */
  newId(): string {
    this.sequence += 1;
    return `00000000-0000-4000-8000-${this.sequence.toString(16).padStart(12, '0')}`;
  }

  nowIso(): string {
    return this.clock.now().toISOString();
  }

  /** Signs a user up; like the documented Supabase trigger, this also creates their profile. */
  createUser(input: { email: string; provider: string }): UserRecord {
    const email = input.email.trim().toLowerCase();
    if (this.findUserByEmail(email)) throw new Error(`A user with e-mail ${email} already exists`);
    const user: UserRecord = {
      id: this.newId(),
      email,
      createdAt: this.nowIso(),
      lastSignInAt: null,
      userMetadata: { email, email_verified: true },
      appMetadata: { provider: input.provider, providers: [input.provider] },
    };
    this.users.set(user.id, user);
    this.profiles.set(user.id, {
      id: user.id,
      marketingConsent: false,
      subscriptionStatus: null,
      featureFlag: false,
      credits: 0,
      billingCustomerId: null,
      subscriptionId: null,
      currentPeriodEnd: null,
      cancelAtPeriodEnd: false,
    });
    return user;
  }

  findUserByEmail(email: string): UserRecord | undefined {
    const wanted = email.trim().toLowerCase();
    for (const user of this.users.values()) if (user.email === wanted) return user;
    return undefined;
  }

  /** Row-level security of every per-user table: the owner, or the service role. */
  canAccess(scope: AccessScope, ownerId: string): boolean {
    return scope.bypassRowSecurity === true || scope.actingUserId() === ownerId;
  }

  /** The columns of profiles the app reads (spec §3), without the billing extras. */
  publicProfile(userId: string): Profile | null {
    const row = this.profiles.get(userId);
    if (!row) return null;
    const { id, marketingConsent, subscriptionStatus, featureFlag, credits } = row;
    return { id, marketingConsent, subscriptionStatus, featureFlag, credits };
  }

  /** profiles.credits as the ledger's balance book, so reads of the profile and the ledger agree. */
  profileBalances(): { get(userId: string): number; set(userId: string, balance: number): void; has(userId: string): boolean } {
    return {
      has: (userId) => this.profiles.has(userId),
      get: (userId) => this.profiles.get(userId)?.credits ?? 0,
      set: (userId, balance) => {
        const row = this.profiles.get(userId);
        if (row) this.profiles.set(userId, { ...row, credits: balance });
      },
    };
  }
}
