import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { useClientConfig, useSession, useUseCases } from '../app/use-cases-provider.js';
import { SubscribeScreen, type SubscribeStatus } from '../screens/subscribe/subscribe-screen.js';
import type { PlanOfferView } from '../ui/price-tag.js';
import { planBenefits, toPlanOfferView } from '../ui/plan-offer-view.js';
import { SiteLayout } from '../ui/site-layout.js';

/** How often, and how many times, to look for the subscription the checkout's webhook activates. */
const POLL_MS = 1000;
const POLL_TRIES = 20;

/**
 * /subscribe: the plan offer (loadPlanOffer), subscribe → startCheckout → the hosted checkout.
 * Back on ?checkout_id=… the checkout is completed (subscribe_succeeded) and the account is
 * polled until the webhook has activated the plan; ?checkout=failed records subscribe_failed.
 */
export default function SubscribePage({ embedded = false }: { embedded?: boolean }) {
  const { t } = useTranslation();
  const { loadPlanOffer, getAccountStatus, startCheckout, completeCheckout, trackEvent, toastCenter } = useUseCases();
  const { billingAvailable } = useClientConfig();
  const session = useSession();
  const search = useSearch();
  const [plan, setPlan] = useState<PlanOfferView | null | undefined>(billingAvailable ? undefined : null);
  const [subscribed, setSubscribed] = useState(false);
  const [status, setStatus] = useState<SubscribeStatus>('idle');
  const returned = useRef(false);

  useEffect(() => {
    let live = true;
    if (billingAvailable) {
      void loadPlanOffer().then((offer) => live && setPlan(offer.success ? toPlanOfferView(offer.data, t('subscribe.title'), planBenefits(t)) : null));
    }
    void getAccountStatus().then((account) => live && account.success && setSubscribed(account.data.subscribed));
    return () => {
      live = false;
    };
  }, [billingAvailable, loadPlanOffer, getAccountStatus, t]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    const checkoutId = params.get('checkout_id');
    const outcome = params.get('checkout');
    if (returned.current || (checkoutId === null && outcome === null)) return;
    // Once per visit: StrictMode's second effect run must not complete the checkout again, and the
    // first run's work carries on (state updates after unmounting are harmless).
    returned.current = true;
    void (async () => {
      if (checkoutId === null || outcome === 'failed') {
        const userId = session.user?.id;
        if (userId) void trackEvent({ event: 'subscribe_failed', user_id: userId });
        setStatus('failed');
        toastCenter.error(t('subscribe.failed'));
        return;
      }
      const done = await completeCheckout({ checkoutId });
      if (!done.success) {
        setStatus('failed');
        toastCenter.error(t('subscribe.failed'));
        return;
      }
      for (let i = 0; i < POLL_TRIES; i += 1) {
        const account = await getAccountStatus();
        if (account.success && account.data.subscribed) {
          setSubscribed(true);
          // The page says so in place; a toast would repeat it.
          setStatus('succeeded');
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      // Paid, but the activation has not arrived yet: say so, it will show on the next visit.
      setStatus('succeeded');
    })();
  }, [search, session.user?.id, completeCheckout, getAccountStatus, trackEvent, toastCenter, t]);

  const subscribe = async () => {
    setStatus('redirecting');
    const successUrl = `${window.location.origin}/subscribe?checkout_id={CHECKOUT_ID}`;
    const checkout = await startCheckout({ successUrl });
    if (checkout.success) {
      window.location.assign(checkout.data.url);
      return;
    }
    setStatus('failed');
    toastCenter.error(t('subscribe.failed'));
  };

  const screen = <SubscribeScreen plan={plan} subscribed={subscribed} status={status} onSubscribe={() => void subscribe()} />;
  return embedded ? screen : <SiteLayout>{screen}</SiteLayout>;
}
