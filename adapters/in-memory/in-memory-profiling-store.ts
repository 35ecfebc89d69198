import type { Profiling, ProfilingStore } from '../../core/account/index.js';
import { domainError, notAuthenticated, fail, ok, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';
import type { AccessScope, InMemoryDatabase } from './in-memory-database.js';

const copy = (p: Profiling): Profiling => ({ ...p, workOutputs: [...p.workOutputs] });

/**
 * user_profiling as the signed-in browser sees it: own row only. Writing another user's row is
 * refused, as upsert_user_profiling refuses a p_user_id other than auth.uid().
 */
export class InMemoryProfilingStore implements ProfilingStore {
  readonly failures = new FailureInjector<keyof ProfilingStore>();

  constructor(
    private readonly db: InMemoryDatabase,
    private readonly scope: AccessScope,
  ) {}

  async getProfiling(userId: string): Promise<Result<Profiling | null>> {
    const injected = this.failures.take('getProfiling');
    if (injected) return fail(injected);
    const row = this.db.canAccess(this.scope, userId) ? this.db.profilings.get(userId) : undefined;
    return ok(row ? copy(row) : null);
  }

  async getCompleted(userId: string): Promise<Result<boolean | null>> {
    const injected = this.failures.take('getCompleted');
    if (injected) return fail(injected);
    const row = this.db.canAccess(this.scope, userId) ? this.db.profilings.get(userId) : undefined;
    return ok(row ? row.completed : null);
  }

  async upsertProfiling(userId: string, profiling: Profiling): Promise<Result<void>> {
    const injected = this.failures.take('upsertProfiling');
    if (injected) return fail(injected);
    if (!this.scope.bypassRowSecurity && this.scope.actingUserId() === null) return fail(notAuthenticated());
    if (!this.db.canAccess(this.scope, userId)) {
      return fail(domainError('forbidden', "Cannot write another user's profiling"));
    }
    if (!this.db.users.has(userId)) return fail(domainError('not_found', `No user ${userId}`));
    this.db.profilings.set(userId, copy(profiling));
    return ok(undefined);
  }
}
