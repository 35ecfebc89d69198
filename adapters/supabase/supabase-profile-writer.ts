import type { SupabaseClient } from '@supabase/supabase-js';
import type { Profile, SubscriptionState, ProfileWriter } from '../../core/account/index.js';
import { domainError, fail, type Result } from '../../core/shared/index.js';
import { fromRest, isRowNotFound } from './supabase-errors.js';
import { PROFILE_COLUMNS, parseProfile } from './supabase-profile-store.js';

/**
 * Server-owned profile columns, written with the service-role client (users may change only their
 * marketing consent). Optional fields of a SubscriptionState left undefined are not touched.
 */
export class SupabaseProfileWriter implements ProfileWriter {
  constructor(private readonly service: SupabaseClient) {}

  setSubscriptionState(userId: string, state: SubscriptionState): Promise<Result<Profile>> {
    const changes: Record<string, unknown> = { subscription_status: state.status };
    if (state.billingCustomerId !== undefined) changes.billing_customer_id = state.billingCustomerId;
    if (state.subscriptionId !== undefined) changes.subscription_id = state.subscriptionId;
    if (state.currentPeriodEnd !== undefined) changes.current_period_end = state.currentPeriodEnd;
    if (state.cancelAtPeriodEnd !== undefined) changes.cancel_at_period_end = state.cancelAtPeriodEnd;
    return this.update(userId, changes, 'Could not record the subscription state');
  }

  setFeatureFlag(userId: string, enabled: boolean): Promise<Result<Profile>> {
    return this.update(userId, { feature_flag: enabled }, 'Could not set the feature flag');
  }

  private async update(userId: string, changes: Record<string, unknown>, action: string): Promise<Result<Profile>> {
    const { data, error, status } = await this.service.from('profiles').update(changes).eq('id', userId).select(PROFILE_COLUMNS).single();
    if (isRowNotFound(error)) return fail(domainError('not_found', `${action}: no profile for user ${userId}`, { code: 'PGRST116' }));
    if (error) return fail(fromRest(action, error, status));
    return parseProfile(action, data);
  }
}
