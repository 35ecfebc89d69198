import type { Profile, ProfileStore } from '../../core/account/index.js';
import { ok, fail, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';
import type { AccessScope, InMemoryDatabase } from './in-memory-database.js';

/**
 * The profiles table as a signed-in browser sees it: row-level security hides other users' rows
 * (read as "no row") and makes updates of them change nothing, as PostgREST does.
 */
export class InMemoryProfileStore implements ProfileStore {
  readonly failures = new FailureInjector<keyof ProfileStore>();

  constructor(
    private readonly db: InMemoryDatabase,
    private readonly scope: AccessScope,
  ) {}

  async getProfile(userId: string): Promise<Result<Profile | null>> {
    const injected = this.failures.take('getProfile');
    if (injected) return fail(injected);
    return ok(this.db.canAccess(this.scope, userId) ? this.db.publicProfile(userId) : null);
  }

  async updateMarketingConsent(userId: string, consent: boolean): Promise<Result<void>> {
    const injected = this.failures.take('updateMarketingConsent');
    if (injected) return fail(injected);
    const row = this.db.profiles.get(userId);
    if (row && this.db.canAccess(this.scope, userId)) this.db.profiles.set(userId, { ...row, marketingConsent: consent });
    return ok(undefined);
  }
}
