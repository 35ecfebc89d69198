import { describe, expect, it } from 'vitest';
import { NO_AUTHENTICATED_USER } from '../../../core/shared/index.js';
import { makeGetMarketingConsent, makeUpdateMarketingConsent } from '../../../core/account/index.js';
import { inMemoryAuthWorld } from '../../support/in-memory-auth-world.js';

describe('reading the marketing consent (app §7 profiles select)', () => {
  it('app §7: answers the stored marketing_consent, after each update', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    const get = makeGetMarketingConsent(w);
    const update = makeUpdateMarketingConsent(w);
    expect(await update({ consent: true })).toEqual({ success: true, data: undefined });
    expect(await get()).toEqual({ success: true, data: true });
    expect(await update({ consent: false })).toEqual({ success: true, data: undefined });
    expect(await get()).toEqual({ success: true, data: false });
  });

  it('app §8: no profile row reads as not consented, not an error', async () => {
    const w = inMemoryAuthWorld();
    const { user } = w.signedInUser();
    w.db.profiles.delete(user.id);
    expect(await makeGetMarketingConsent(w)()).toEqual({ success: true, data: false });
  });

  it('app §8: a failed read is a failure, not "not consented"', async () => {
    const w = inMemoryAuthWorld();
    w.signedInUser();
    w.profileStore.failures.failNext('getProfile');
    expect((await makeGetMarketingConsent(w)()).success).toBe(false);
  });

  it('app §8: nobody signed in answers "No authenticated user"', async () => {
    const result = await makeGetMarketingConsent(inMemoryAuthWorld())();
    expect(result).toMatchObject({ success: false, error: { code: 'not_authenticated', message: NO_AUTHENTICATED_USER } });
  });
});
