/**
 * ProfileStore contract (the signed-in user's own profiles row, under row-level security).
 *
 * Harness the factory provides:
 * - `store`: the adapter, acting as whoever the harness signed in;
 * - `createUser(email)`: signs a user up (the profile row comes from the sign-up trigger) and
 *   answers their id; who is signed in afterwards is unspecified;
 * - `signInAs(userId)`: makes `store` act as that (previously created) user;
 * - `signOut()`: makes `store` act as nobody.
 */
import { describe, expect, it } from 'vitest';
import type { ProfileStore } from '../../core/account/index.js';
import { uniqueEmail } from '../support/unique-email.js';

export interface ProfileStoreHarness {
  readonly store: ProfileStore;
  createUser(email: string): Promise<string>;
  signInAs(userId: string): Promise<void>;
  signOut(): Promise<void>;
}

const UNKNOWN_USER = '00000000-0000-4000-8000-0000deadbeef';

export function profileStoreContract(name: string, makeHarness: () => Promise<ProfileStoreHarness>): void {
  describe(`ProfileStore contract: ${name}`, () => {
    it("a new user's own profile exists with the defaults of spec §3", async () => {
      const h = await makeHarness();
      const id = await h.createUser(uniqueEmail());
      await h.signInAs(id);
      const profile = await h.store.getProfile(id);
      if (!profile.success) throw new Error(profile.error.message);
      expect(profile.data).toMatchObject({ id, marketingConsent: false, subscriptionStatus: null, featureFlag: false });
      expect(Number.isInteger(profile.data?.credits)).toBe(true);
      expect(profile.data?.credits).toBeGreaterThanOrEqual(0);
    });

    it('the owner updates their marketing consent both ways', async () => {
      const h = await makeHarness();
      const id = await h.createUser(uniqueEmail());
      await h.signInAs(id);
      expect(await h.store.updateMarketingConsent(id, true)).toEqual({ success: true, data: undefined });
      const on = await h.store.getProfile(id);
      expect(on.success && on.data?.marketingConsent).toBe(true);
      await h.store.updateMarketingConsent(id, false);
      const off = await h.store.getProfile(id);
      expect(off.success && off.data?.marketingConsent).toBe(false);
    });

    it("another user's profile reads as no row", async () => {
      const h = await makeHarness();
      const owner = await h.createUser(uniqueEmail('owner'));
      const other = await h.createUser(uniqueEmail('other'));
      await h.signInAs(other);
      expect(await h.store.getProfile(owner)).toEqual({ success: true, data: null });
    });

    it("updating another user's consent changes nothing", async () => {
      const h = await makeHarness();
      const owner = await h.createUser(uniqueEmail('owner'));
      const other = await h.createUser(uniqueEmail('other'));
      await h.signInAs(other);
      await h.store.updateMarketingConsent(owner, true);
      await h.signInAs(owner);
      const profile = await h.store.getProfile(owner);
      expect(profile.success && profile.data?.marketingConsent).toBe(false);
    });

    it('signed out, no profile is readable', async () => {
      const h = await makeHarness();
      const id = await h.createUser(uniqueEmail());
      await h.signOut();
      expect(await h.store.getProfile(id)).toEqual({ success: true, data: null });
    });

    it('an unknown user id reads as no row', async () => {
      const h = await makeHarness();
      const id = await h.createUser(uniqueEmail());
      await h.signInAs(id);
      expect(await h.store.getProfile(UNKNOWN_USER)).toEqual({ success: true, data: null });
    });
  });
}
