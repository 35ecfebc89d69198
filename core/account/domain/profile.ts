/** profiles row (app spec §3); id equals the auth user id. */
export interface Profile {
  readonly id: string;
  readonly marketingConsent: boolean;
  readonly subscriptionStatus: string | null;
  readonly featureFlag: boolean;
  readonly credits: number;
}

/** What the server records about the user's billing side (written by the service role only). */
export interface SubscriptionState {
  readonly status: string | null;
  readonly billingCustomerId?: string | null;
  readonly subscriptionId?: string | null;
  readonly currentPeriodEnd?: string | null;
  readonly cancelAtPeriodEnd?: boolean;
}
