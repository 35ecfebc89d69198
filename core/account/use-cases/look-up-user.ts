import { z } from 'zod';
import { accountStatusOf, type AccountStatus } from '../domain/account.js';
import type { LedgerEntry, UsageLedger } from '../../credits/index.js';
import type { Profile } from '../domain/profile.js';
import type { Profiling } from '../domain/profiling.js';
import type { ProfileStore } from '../ports/profile-store.js';
import type { ProfilingStore } from '../ports/profiling-store.js';
import type { DirectoryUser, UserDirectory } from '../ports/user-directory.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';

/** Everything support needs to answer "what is going on with my account?" in one read. */
export interface UserOverview {
  readonly user: DirectoryUser;
  readonly profile: Profile | null;
  readonly account: AccountStatus;
  readonly profiling: Profiling | null;
  /** Newest first: grants and usage charges with the balance after each. */
  readonly ledger: readonly LedgerEntry[];
}

const inputSchema = z.object({
  query: z.string({ error: 'An e-mail address or a user id is required' }).trim().min(1, 'An e-mail address or a user id is required'),
  ledgerLimit: z.number().int().min(1).max(500).default(20),
});

/** Support staff find a user by e-mail (any case) or by id; `not_found` names what was searched. */
export const makeFindUser =
  (deps: { userDirectory: UserDirectory }) =>
  async (input: { query: string }): Promise<Result<DirectoryUser>> => {
    const valid = parseInput(inputSchema.pick({ query: true }), input);
    if (!valid.success) return valid;
    const { query } = valid.data;
    const found = query.includes('@') ? await deps.userDirectory.findByEmail(query) : await deps.userDirectory.findById(query);
    if (!found.success) return found;
    if (found.data === null) {
      const what = query.includes('@') ? `with e-mail ${query}` : `with id ${query}`;
      return fail(domainError('not_found', `No user ${what}`, { query }));
    }
    return ok(found.data);
  };

/** The support view of one user: directory entry, profile, profiling answers and recent ledger. */
export const makeLookUpUser = (deps: {
  userDirectory: UserDirectory;
  profileStore: ProfileStore;
  profilingStore: ProfilingStore;
  usageLedger: UsageLedger;
}) => {
  const findUser = makeFindUser(deps);
  return async (input: { query: string; ledgerLimit?: number }): Promise<Result<UserOverview>> => {
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const user = await findUser({ query: valid.data.query });
    if (!user.success) return user;
    const id = user.data.id;
    const [profile, profiling, ledger] = await Promise.all([
      deps.profileStore.getProfile(id),
      deps.profilingStore.getProfiling(id),
      deps.usageLedger.listEntries(id, { limit: valid.data.ledgerLimit }),
    ]);
    if (!profile.success) return profile;
    if (!profiling.success) return profiling;
    if (!ledger.success) return ledger;
    return ok({ user: user.data, profile: profile.data, account: accountStatusOf(profile.data), profiling: profiling.data, ledger: ledger.data });
  };
};
