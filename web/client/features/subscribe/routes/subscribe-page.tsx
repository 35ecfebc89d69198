import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import type { SubscriptionSummary } from '../../../../../core/billing/index.js';
import { useClientConfig, useUseCases } from '../../../use-cases/use-cases-provider.js';
import { SubscribeScreen, type CurrentPlan, type SubscribeStatus } from '../components/subscribe-screen.js';
import type { PlanOfferView } from '../../../ui/price-tag.js';
import { planText, toPlanOfferView } from '../../../ui/plan-offer-view.js';
import { useChatArea } from '../../chat/index.js';

/** How often, and how many times, to look for the subscription the checkout's webhook activates. */
const POLL_MS = 1000;
const POLL_TRIES = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * /subscribe, which the shell (app/) shows inside the shared chat layout (app spec §2): the plan
 * offer (loadPlanOffer), subscribe → startCheckout → the hosted checkout. Back from it
 * (the success URL names the checkout; the back link and the back button leave the one remembered
 * here), completeCheckout asks the server what became of the checkout and pushes subscribe_succeeded
 * or subscribe_failed once; then the account is polled until the webhook has activated the plan.
 */
export default function SubscribePage() {
  const { t } = useTranslation();
  const { loadPlanOffer, getBillingState, startCheckout, completeCheckout, resumeSubscription, toastCenter, rememberPendingCheckout, takePendingCheckout } = useUseCases();
  const { billingAvailable } = useClientConfig();
  const area = useChatArea();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [plan, setPlan] = useState<PlanOfferView | null | undefined>(billingAvailable ? undefined : null);
  const [current, setCurrent] = useState<CurrentPlan | null>(null);
  const [status, setStatus] = useState<SubscribeStatus>('idle');
  const returned = useRef(false);

  const readCurrent = useCallback(async (): Promise<CurrentPlan | null> => {
    if (!billingAvailable) return null;
    const state = await getBillingState();
    const active = state.success ? state.data?.activeSubscriptions.find((s) => s.status === 'active' || s.status === 'trialing') : undefined;
    const plan = active ? currentPlanOf(active) : null;
    setCurrent(plan);
    return plan;
  }, [billingAvailable, getBillingState]);

  useEffect(() => {
    let live = true;
    if (billingAvailable) void loadPlanOffer().then((offer) => live && setPlan(offer.success ? toPlanOfferView(offer.data, planText(t)) : null));
    void readCurrent();
    return () => {
      live = false;
    };
  }, [billingAvailable, loadPlanOffer, readCurrent, t]);

  useEffect(() => {
    const params = new URLSearchParams(search);
    // Once per visit: StrictMode's second effect run must not read the checkout back again.
    if (returned.current) return;
    const pending = takePendingCheckout();
    const checkoutId = params.get('checkout_id') ?? pending;
    if (checkoutId === null) return;
    returned.current = true;
    // The address is read: a reload or a copied link must not stand for a new return.
    if (params.has('checkout_id') || params.has('checkout')) navigate('~/subscribe', { replace: true });
    void (async () => {
      setStatus('checking');
      let back = await completeCheckout({ checkoutId });
      for (let i = 0; back.success && back.data.outcome === 'pending' && i < POLL_TRIES; i += 1) {
        await sleep(POLL_MS);
        back = await completeCheckout({ checkoutId });
      }
      if (!back.success || back.data.outcome === 'pending') return setStatus('idle');
      if (back.data.outcome === 'unknown') return setStatus('unknown');
      if (back.data.outcome === 'failed') return setStatus('failed');
      // Back without paying: said plainly, not as a failed payment.
      if (back.data.outcome === 'left') return setStatus('left');
      for (let i = 0; i < POLL_TRIES; i += 1) {
        const plan = await readCurrent();
        if (plan) break;
        await sleep(POLL_MS);
      }
      void area.refreshAccount();
      // Paid; the plan shows as soon as its activation arrives. The page says so in place.
      setStatus('succeeded');
    })();
  }, [search, navigate, completeCheckout, readCurrent, area, takePendingCheckout]);

  const subscribe = async () => {
    setStatus('redirecting');
    const back = `${window.location.origin}/subscribe`;
    const checkout = await startCheckout({ successUrl: `${back}?checkout_id={CHECKOUT_ID}`, returnUrl: `${back}?checkout=returned` });
    if (checkout.success) {
      rememberPendingCheckout(checkout.data.checkoutId);
      window.location.assign(checkout.data.url);
      return;
    }
    setStatus('failed');
    toastCenter.error(t('subscribe.failed'));
  };

  const resume = async () => {
    setStatus('resuming');
    const resumed = await resumeSubscription();
    if (!resumed.success) {
      setStatus('idle');
      return void toastCenter.error(t('toast.actionFailed'));
    }
    setCurrent(currentPlanOf(resumed.data));
    setStatus('resumed');
    void area.refreshAccount();
  };

  const paidModels = area.models.filter((m) => m.plan === 'paid');
  return (
    <SubscribeScreen plan={plan} current={current} status={status} onSubscribe={() => void subscribe()} onResume={() => void resume()}
      paidModelsAvailable={paidModels.length === 0 ? null : paidModels.some((m) => m.available)} />
  );
}

const currentPlanOf = (s: SubscriptionSummary): CurrentPlan => ({ endsOn: s.cancelAtPeriodEnd ? (s.endsAt ?? s.currentPeriodEnd) : null });
