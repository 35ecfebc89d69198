import type { DirectoryUser, UserDirectory } from '../../core/account/index.js';
import { fail, ok, type Result } from '../../core/shared/index.js';
import { FailureInjector } from './failure-injector.js';
import type { InMemoryDatabase, UserRecord } from './in-memory-database.js';

const toDirectoryUser = (user: UserRecord): DirectoryUser => ({
  id: user.id,
  email: user.email,
  createdAt: user.createdAt,
  lastSignInAt: user.lastSignInAt,
});

/** Service-role lookup of auth users; e-mail matching ignores case, as GoTrue stores it lower-cased. */
export class InMemoryUserDirectory implements UserDirectory {
  readonly failures = new FailureInjector<keyof UserDirectory>();

  constructor(private readonly db: InMemoryDatabase) {}

  async findById(userId: string): Promise<Result<DirectoryUser | null>> {
    const injected = this.failures.take('findById');
    if (injected) return fail(injected);
    const user = this.db.users.get(userId);
    return ok(user ? toDirectoryUser(user) : null);
  }

  async findByEmail(email: string): Promise<Result<DirectoryUser | null>> {
    const injected = this.failures.take('findByEmail');
    if (injected) return fail(injected);
    const user = this.db.findUserByEmail(email);
    return ok(user ? toDirectoryUser(user) : null);
  }
}
