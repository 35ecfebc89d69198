import { AccountScreen } from '../screens/account/account-screen.js';

/** Wiring seam: profile, credits ledger, subscription, cancel, portal and sign-out use cases. */
export default function AccountRoute() {
  return (
    <AccountScreen email={null} credits={null} history={undefined} subscription={undefined} billingAvailable cancelStatus="idle"
      onCancel={() => undefined} onOpenPortal={() => undefined} marketingConsent={false} onMarketingConsentChange={() => undefined}
      onSignOut={() => undefined} />
  );
}
