import type { Profile, SubscriptionState, ProfileWriter } from '../../core/account/index.js';
import { domainError, fail, ok, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';
import type { InMemoryDatabase, ProfileRecord } from './in-memory-database.js';

/** Service-role writes to profiles (no row-level security). */
export class InMemoryProfileWriter implements ProfileWriter {
  readonly failures = new FailureInjector<keyof ProfileWriter>();

  constructor(private readonly db: InMemoryDatabase) {}

  async setSubscriptionState(userId: string, state: SubscriptionState): Promise<Result<Profile>> {
    const injected = this.failures.take('setSubscriptionState');
    if (injected) return fail(injected);
    return this.patch(userId, (row) => ({
      ...row,
      subscriptionStatus: state.status,
      billingCustomerId: state.billingCustomerId === undefined ? row.billingCustomerId : state.billingCustomerId,
      subscriptionId: state.subscriptionId === undefined ? row.subscriptionId : state.subscriptionId,
      currentPeriodEnd: state.currentPeriodEnd === undefined ? row.currentPeriodEnd : state.currentPeriodEnd,
      cancelAtPeriodEnd: state.cancelAtPeriodEnd ?? row.cancelAtPeriodEnd,
    }));
  }

  async setFeatureFlag(userId: string, enabled: boolean): Promise<Result<Profile>> {
    const injected = this.failures.take('setFeatureFlag');
    if (injected) return fail(injected);
    return this.patch(userId, (row) => ({ ...row, featureFlag: enabled }));
  }

  private patch(userId: string, change: (row: ProfileRecord) => ProfileRecord): Result<Profile> {
    const row = this.db.profiles.get(userId);
    if (!row) return fail(domainError('not_found', `No profile for user ${userId}`));
    this.db.profiles.set(userId, change(row));
    const profile = this.db.publicProfile(userId);
    if (!profile) throw new Error(`Profile ${userId} vanished`);
    return ok(profile);
  }
}
