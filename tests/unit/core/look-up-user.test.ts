import { describe, expect, it } from 'vitest';
import { InMemoryDatabase, SERVICE_ROLE } from '../../../adapters/in-memory/in-memory-database.js';
import { InMemoryProfileStore } from '../../../adapters/in-memory/in-memory-profile-store.js';
import { InMemoryProfilingStore } from '../../../adapters/in-memory/in-memory-profiling-store.js';
import { InMemoryUsageLedger } from '../../../adapters/in-memory/in-memory-usage-ledger.js';
import { InMemoryUserDirectory } from '../../../adapters/in-memory/in-memory-user-directory.js';
import { makeFindUser, makeLookUpUser } from '../../../core/account/index.js';

function world() {
  const db = new InMemoryDatabase();
  const deps = {
    userDirectory: new InMemoryUserDirectory(db),
    profileStore: new InMemoryProfileStore(db, SERVICE_ROLE),
    profilingStore: new InMemoryProfilingStore(db, SERVICE_ROLE),
    usageLedger: new InMemoryUsageLedger({ balances: db.profileBalances() }),
  };
  return { db, deps, lookUp: makeLookUpUser(deps), find: makeFindUser(deps) };
}

describe('users show: find a user by e-mail or id', () => {
  it('finds by e-mail ignoring case and surrounding spaces, and by id', async () => {
    const { db, find } = world();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    expect(await find({ query: '  ADA@Example.com ' })).toMatchObject({ success: true, data: { id: user.id, email: 'ada@example.com' } });
    expect(await find({ query: user.id })).toMatchObject({ success: true, data: { id: user.id } });
  });

  it('an unknown e-mail or id is not_found naming what was searched', async () => {
    const { find } = world();
    expect(await find({ query: 'nobody@example.com' })).toEqual({
      success: false,
      error: { code: 'not_found', message: 'No user with e-mail nobody@example.com', details: { query: 'nobody@example.com' } },
    });
    expect(await find({ query: 'abc' })).toMatchObject({ success: false, error: { code: 'not_found', message: 'No user with id abc' } });
  });

  it('an empty query is a validation error', async () => {
    const { find } = world();
    expect(await find({ query: '   ' })).toMatchObject({ success: false, error: { code: 'validation', message: 'An e-mail address or a user id is required' } });
  });

  it('a directory failure is passed on as is', async () => {
    const { deps, find } = world();
    deps.userDirectory.failures.failNext('findByEmail');
    expect(await find({ query: 'ada@example.com' })).toMatchObject({ success: false, error: { code: 'network' } });
  });
});

describe('users show: the support overview (app spec §8: a missing row reads as defaults)', () => {
  it('gathers the profile, the account status, the profiling answers and the newest ledger entries', async () => {
    const { db, deps, lookUp } = world();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    for (const n of [1, 2, 3]) await deps.usageLedger.grantCredits({ userId: user.id, amount: n, kind: 'manual_grant', reason: `grant ${n}`, reference: null });
    const view = await lookUp({ query: 'ada@example.com', ledgerLimit: 2 });
    expect(view.success).toBe(true);
    if (!view.success) return;
    expect(view.data.user.id).toBe(user.id);
    expect(view.data.account).toEqual({ subscribed: false, featureFlag: false, credits: 6 });
    expect(view.data.profiling).toBeNull();
    expect(view.data.ledger.map((e) => e.reason)).toEqual(['grant 3', 'grant 2']);
  });

  it('a user without a profile row reads as not subscribed, flag off, 0 credits', async () => {
    const { db, lookUp } = world();
    const user = db.createUser({ email: 'ada@example.com', provider: 'email' });
    db.profiles.delete(user.id);
    const view = await lookUp({ query: user.id });
    expect(view).toMatchObject({ success: true, data: { profile: null, account: { subscribed: false, featureFlag: false, credits: 0 } } });
  });

  it('a failing store fails the overview instead of showing half of it', async () => {
    const { db, deps, lookUp } = world();
    db.createUser({ email: 'ada@example.com', provider: 'email' });
    deps.profilingStore.failures.failNext('getProfiling');
    expect(await lookUp({ query: 'ada@example.com' })).toMatchObject({ success: false, error: { code: 'network' } });
  });

  it('rejects a ledger limit out of range', async () => {
    const { lookUp } = world();
    expect(await lookUp({ query: 'x@example.com', ledgerLimit: 0 })).toMatchObject({ success: false, error: { code: 'validation' } });
  });
});
