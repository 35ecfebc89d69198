/**
 * ProfileWriter contract (service-role writes of the server-owned profile columns).
 *
 * Harness the factory provides:
 * - `writer`: the adapter (service role);
 * - `createUser(email)`: signs a user up (profile row from the trigger), answers the id;
 * - `readProfile(userId)`: the row as the service role reads it, or null.
 */
import { describe, expect, it } from 'vitest';
import type { Profile, ProfileWriter } from '../../core/account/index.js';
import { uniqueEmail } from '../support/unique-email.js';

export interface ProfileWriterHarness {
  readonly writer: ProfileWriter;
  createUser(email: string): Promise<string>;
  readProfile(userId: string): Promise<Profile | null>;
}

const UNKNOWN_USER = '00000000-0000-4000-8000-0000deadbeef';

export function profileWriterContract(name: string, makeHarness: () => Promise<ProfileWriterHarness>): void {
  describe(`ProfileWriter contract: ${name}`, () => {
    it('sets the subscription status and answers the updated profile', async () => {
      const h = await makeHarness();
      const id = await h.createUser(uniqueEmail());
      const before = await h.readProfile(id);
      const active = await h.writer.setSubscriptionState(id, {
        status: 'active',
        billingCustomerId: 'cus_1',
        subscriptionId: 'sub_1',
        currentPeriodEnd: '2030-01-01T00:00:00.000Z',
        cancelAtPeriodEnd: false,
      });
      expect(active.success && active.data).toMatchObject({ id, subscriptionStatus: 'active' });
      expect(await h.readProfile(id)).toEqual({ ...before, subscriptionStatus: 'active' });

      const ended = await h.writer.setSubscriptionState(id, { status: null });
      expect(ended.success && ended.data.subscriptionStatus).toBe(null);
      expect((await h.readProfile(id))?.subscriptionStatus).toBe(null);
    });

    it('sets the feature flag both ways without touching other columns', async () => {
      const h = await makeHarness();
      const id = await h.createUser(uniqueEmail());
      const before = await h.readProfile(id);
      const on = await h.writer.setFeatureFlag(id, true);
      expect(on.success && on.data).toEqual({ ...before, featureFlag: true });
      const off = await h.writer.setFeatureFlag(id, false);
      expect(off.success && off.data).toEqual({ ...before, featureFlag: false });
    });

    it('an unknown user is not_found', async () => {
      const h = await makeHarness();
      const flag = await h.writer.setFeatureFlag(UNKNOWN_USER, true);
      expect(flag.success).toBe(false);
      if (!flag.success) expect(flag.error.code).toBe('not_found');
      const state = await h.writer.setSubscriptionState(UNKNOWN_USER, { status: 'active' });
      expect(state.success).toBe(false);
      if (!state.success) expect(state.error.code).toBe('not_found');
    });
  });
}
