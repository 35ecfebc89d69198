import type { Profile } from './profile.js';

/** app spec §4, §6: only this exact status means subscribed. */
export const ACTIVE_SUBSCRIPTION_STATUS = 'active';

/** app spec §9. */
export const DEFAULT_CREDITS = 0;

export const isSubscribed = (subscriptionStatus: string | null | undefined): boolean =>
  subscriptionStatus === ACTIVE_SUBSCRIPTION_STATUS;

export interface AccountStatus {
  readonly subscribed: boolean;
  readonly featureFlag: boolean;
  readonly credits: number;
}

/** app spec §8: a missing row is not an error: not subscribed, flag off, no credits. */
export const accountStatusOf = (profile: Profile | null): AccountStatus => ({
  subscribed: isSubscribed(profile?.subscriptionStatus),
  featureFlag: profile?.featureFlag === true,
  credits: profile?.credits ?? DEFAULT_CREDITS,
});

/** app spec §6, §8: the turbo check lets the user through or sends the browser home. */
export type TurboCheck = { readonly allowed: true } | { readonly allowed: false; readonly redirectTo: '/' };

export const TURBO_ALLOWED: TurboCheck = Object.freeze({ allowed: true });
export const TURBO_REDIRECT: TurboCheck = Object.freeze({ allowed: false, redirectTo: '/' });
