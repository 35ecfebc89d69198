import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Profile, ProfileStore } from '../../core/account/index.js';
import { fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, isAnonymousRefusal, parseRow } from './supabase-errors.js';

/** The profile columns the app reads (app spec §7 "profiles select", plus id and consent). */
export const PROFILE_COLUMNS = 'id, subscription_status, feature_flag, credits, marketing_consent';

const profileRow = z
  .object({
    id: z.string(),
    subscription_status: z.string().nullable(),
    feature_flag: z.boolean(),
    credits: z.number().int(),
    marketing_consent: z.boolean(),
  })
  .transform(
    (row): Profile => ({
      id: row.id,
      marketingConsent: row.marketing_consent,
      subscriptionStatus: row.subscription_status,
      featureFlag: row.feature_flag,
      credits: row.credits,
    }),
  );

export const parseProfile = (action: string, value: unknown): Result<Profile> => parseRow(action, profileRow, value);

/**
 * The signed-in user's own profiles row through the browser client; row-level security hides every
 * other row, so another user's id reads as "no row", and so does anybody signed out.
 */
export class SupabaseProfileStore implements ProfileStore {
  constructor(private readonly client: SupabaseClient) {}

  async getProfile(userId: string): Promise<Result<Profile | null>> {
    // Maybe-single: "no row" is an answer (app spec §8), not a 406 in the browser's console.
    const { data, error, status } = await this.client.from('profiles').select(PROFILE_COLUMNS).eq('id', userId).maybeSingle();
    if (isAnonymousRefusal(error, status)) return ok(null);
    if (error) return fail(fromRest('Could not read the profile', error, status));
    if (data === null) return ok(null);
    return parseProfile('Could not read the profile', data);
  }

  /** An update of a row the user cannot see changes nothing, as PostgREST answers it (204). */
  async updateMarketingConsent(userId: string, consent: boolean): Promise<Result<void>> {
    const { error, status } = await this.client.from('profiles').update({ marketing_consent: consent }).eq('id', userId);
    return error ? fail(fromRest('Could not save the marketing consent', error, status)) : ok(undefined);
  }
}
