import { describe, expect, it } from 'vitest';
import { isSubscribed, makeGetAccountStatus, makeGetProfiling, makeGetProfilingCompleted, makeSaveProfilingStep, makeTurboCheck, makeUpdateMarketingConsent } from '../../../core/account/index.js';
import { NO_AUTHENTICATED_USER, domainError } from '../../../core/shared/index.js';
import { inMemoryAuthWorld } from '../../support/in-memory-auth-world.js';

const useCases = (w: ReturnType<typeof inMemoryAuthWorld>) => ({
  getAccountStatus: makeGetAccountStatus(w),
  turboCheck: makeTurboCheck(w),
  updateMarketingConsent: makeUpdateMarketingConsent(w),
});

describe('subscribed (app §4, §6)', () => {
  it.each([
    ['active', true],
    ['trialing', false],
    ['past_due', false],
    ['canceled', false],
    ['ACTIVE', false],
    [' active', false],
    [null, false],
  ])('app §4: subscription_status %j means subscribed = %s', async (status, expected) => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    await w.profileWriter.setSubscriptionState(user.id, { status });
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { subscribed: expected } });
    expect(isSubscribed(status)).toBe(expected);
  });

  it('app §8: no profile row (PGRST116) means not subscribed, not an error', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    w.db.profiles.delete(user.id);
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { subscribed: false } });
  });

  it('app §8: a failed read is a failure, not "not subscribed"', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    w.profileStore.failures.failNext('getProfile');
    expect((await useCases(w).getAccountStatus()).success).toBe(false);
  });
});

describe('feature flag (app §6)', () => {
  it('app §6: answers the per-user feature_flag', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { featureFlag: false } });
    await w.profileWriter.setFeatureFlag(user.id, true);
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { featureFlag: true } });
  });

  it('app §8: no profile row means flag false', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    await w.profileWriter.setFeatureFlag(user.id, true);
    w.db.profiles.delete(user.id);
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { featureFlag: false } });
  });
});

describe('credits (app §3, §9)', () => {
  it('app §3: answers the balance of the profile', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    const row = w.db.profiles.get(user.id);
    if (row) w.db.profiles.set(user.id, { ...row, credits: 120 });
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { credits: 120 } });
  });

  it('app §9: no profile row means 0 credits', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    w.db.profiles.delete(user.id);
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: true, data: { credits: 0 } });
  });
});

describe('account status in one read (app §7 profiles select)', () => {
  it('app §7: subscription, flag and credits together; defaults when the row is missing', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    await w.profileWriter.setSubscriptionState(user.id, { status: 'active' });
    await w.profileWriter.setFeatureFlag(user.id, true);
    expect(await useCases(w).getAccountStatus()).toEqual({
      success: true,
      data: { subscribed: true, featureFlag: true, credits: 0 },
    });
    w.db.profiles.delete(user.id);
    expect(await useCases(w).getAccountStatus()).toEqual({
      success: true,
      data: { subscribed: false, featureFlag: false, credits: 0 },
    });
  });
});

describe('turbo check (app §6, §8)', () => {
  it('app §6: a readable profile lets the user through', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    expect(await useCases(w).turboCheck()).toEqual({ success: true, data: { allowed: true } });
  });

  it('app §8: any failure sends the browser to /', async () => {
    const w = inMemoryAuthWorld();
    const redirect = { success: true, data: { allowed: false, redirectTo: '/' } };
    expect(await useCases(w).turboCheck()).toEqual(redirect);
    const { user } = w.signedInUser();
    w.profileStore.failures.failNext('getProfile');
    expect(await useCases(w).turboCheck()).toEqual(redirect);
    w.db.profiles.delete(user.id);
    expect(await useCases(w).turboCheck()).toEqual(redirect);
  });
});

describe('marketing consent (app §7 profiles update)', () => {
  it("app §7: updates marketing_consent on the caller's own profile", async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    expect(await useCases(w).updateMarketingConsent({ consent: true })).toEqual({ success: true, data: undefined });
    expect(w.db.profiles.get(user.id)?.marketingConsent).toBe(true);
  });

  it('app §5: a consent that is not a boolean is refused', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    const result = await useCases(w).updateMarketingConsent({ consent: 'yes' as unknown as boolean });
    expect(result).toMatchObject({ success: false, error: { code: 'validation', message: 'consent must be true or false' } });
  });
});

describe('"No authenticated user" (app §8)', () => {
  it('app §8: every user-bound use case answers it when nobody is signed in', async () => {
    const w = inMemoryAuthWorld();
    const calls = {
      ...useCases(w),
      getProfiling: makeGetProfiling(w),
      getProfilingCompleted: makeGetProfilingCompleted(w),
      saveProfilingStep: makeSaveProfilingStep(w),
    };
    const results = {
      getAccountStatus: await calls.getAccountStatus(),
      updateMarketingConsent: await calls.updateMarketingConsent({ consent: true }),
      getProfiling: await calls.getProfiling(),
      getProfilingCompleted: await calls.getProfilingCompleted(),
      saveProfilingStep: await calls.saveProfilingStep({ answers: { role: 'engineer' }, nextStep: 1 }),
    };
    for (const [name, result] of Object.entries(results)) {
      expect({ name, result }).toEqual({
        name,
        result: { success: false, error: { code: 'not_authenticated', message: NO_AUTHENTICATED_USER } },
      });
    }
  });

  it('app §8: a failure to read the session is passed through, not mistaken for signed out', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    w.authenticator.failures.failNext('getSession', domainError('network', 'storage unavailable'));
    expect(await useCases(w).getAccountStatus()).toMatchObject({ success: false, error: { code: 'network' } });
  });
});
