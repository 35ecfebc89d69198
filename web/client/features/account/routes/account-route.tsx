import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CancellationReason } from '../../../../../core/billing/index.js';
import type { LedgerEntry, SpendingCapView } from '../../../../../core/credits/index.js';
import { useClientConfig, useSession, useUseCases } from '../../../use-cases/use-cases-provider.js';
import { AccountScreen, type CancelStatus, type ResumeStatus } from '../components/account-screen.js';
import type { SubscriptionView } from '../components/subscription-panel.js';
import type { SpendingCapStatus } from '../components/spending-cap-section.js';
import { useChatArea } from '../../chat/index.js';
import { useChatsExport } from '../hooks/use-chats-export.js';

/**
 * The account dialog: balance and history (getCreditBalance, listCreditHistory), the subscription
 * (getBillingState) with cancel at period end and the customer portal, the stored marketing consent
 * (getMarketingConsent, updateMarketingConsent), the monthly spending cap (getSpendingCap,
 * setSpendingCap), every chat saved as one file (exportConversations), sign-out.
 */
export default function AccountRoute() {
  const { t } = useTranslation();
  const { getCreditBalance, listCreditHistory, getBillingState, cancelSubscription, resumeSubscription, openCustomerPortal, getMarketingConsent, updateMarketingConsent, signOut, toastCenter, getSpendingCap, setSpendingCap } = useUseCases();
  const { billingAvailable } = useClientConfig();
  const area = useChatArea();
  const email = useSession().user?.email ?? null;
  const [credits, setCredits] = useState<number | null>(null);
  const [history, setHistory] = useState<readonly LedgerEntry[] | undefined>(undefined);
  const [subscription, setSubscription] = useState<SubscriptionView | null | undefined>(billingAvailable ? undefined : null);
  const [cancelStatus, setCancelStatus] = useState<CancelStatus>('idle');
  const [resumeStatus, setResumeStatus] = useState<ResumeStatus>('idle');
  const [consent, setConsent] = useState(false);
  const [spendingCap, setSpendingCapView] = useState<SpendingCapView | null | undefined>(undefined);
  const [capStatus, setCapStatus] = useState<SpendingCapStatus>('idle');
  // A change made before the stored value arrives wins over it.
  const consentTouchedRef = useRef(false);
  const chatsExport = useChatsExport();

  useEffect(() => {
    let live = true;
    void getCreditBalance().then((r) => live && r.success && setCredits(r.data));
    void getMarketingConsent().then((r) => live && r.success && setConsent((current) => (consentTouchedRef.current ? current : r.data)));
    void listCreditHistory({ limit: 50 }).then((r) => live && setHistory(r.success ? r.data : []));
    void getSpendingCap().then((r) => live && setSpendingCapView(r.success ? r.data : null));
    if (billingAvailable) {
      void getBillingState().then((r) => {
        if (!live) return;
        const active = r.success ? (r.data?.activeSubscriptions.find((s) => s.status === 'active' || s.status === 'trialing') ?? null) : null;
        setSubscription(active ? { status: active.status, currentPeriodEnd: active.currentPeriodEnd, cancelAtPeriodEnd: active.cancelAtPeriodEnd } : null);
      });
    }
    return () => {
      live = false;
    };
  }, [getCreditBalance, getMarketingConsent, listCreditHistory, getSpendingCap, getBillingState, billingAvailable]);

  // Saved, the cap shows with what remains of it, and the composer's cost line reads it again.
  const saveCap = async (cap: number | null) => {
    setCapStatus('saving');
    const saved = await setSpendingCap({ cap });
    if (!saved.success) return setCapStatus('failed');
    setSpendingCapView(saved.data);
    setCapStatus(cap === null ? 'removed' : 'saved');
    void area.refreshAccount();
  };

  const cancel = async (reason: CancellationReason, comment: string) => {
    setCancelStatus('cancelling');
    const cancelled = await cancelSubscription({ reason, comment });
    if (!cancelled.success) {
      setCancelStatus('failed');
      toastCenter.error(t('toast.actionFailed'));
      return;
    }
    setCancelStatus('done');
    setResumeStatus('idle');
    setSubscription({ status: cancelled.data.status, currentPeriodEnd: cancelled.data.currentPeriodEnd, cancelAtPeriodEnd: cancelled.data.cancelAtPeriodEnd });
    void area.refreshAccount();
  };

  const resume = async () => {
    setResumeStatus('resuming');
    const resumed = await resumeSubscription();
    if (!resumed.success) return setResumeStatus('failed');
    setResumeStatus('done');
    setCancelStatus('idle');
    setSubscription({ status: resumed.data.status, currentPeriodEnd: resumed.data.currentPeriodEnd, cancelAtPeriodEnd: resumed.data.cancelAtPeriodEnd });
    void area.refreshAccount();
  };

  const portal = async () => {
    const opened = await openCustomerPortal({ returnUrl: window.location.href });
    if (opened.success) window.location.assign(opened.data.url);
    else toastCenter.error(t('toast.actionFailed'));
  };

  // The history names a model by its label where the catalogue still offers it, else by its id.
  const modelLabels = Object.fromEntries(area.models.map((m) => [m.id, m.label]));

  const changeConsent = async (next: boolean) => {
    consentTouchedRef.current = true;
    setConsent(next);
    const saved = await updateMarketingConsent({ consent: next });
    if (!saved.success) {
      setConsent(!next);
      toastCenter.error(t('toast.actionFailed'));
    }
  };

  return (
    <AccountScreen email={email} credits={credits} history={history} modelLabels={modelLabels} subscription={subscription} billingAvailable={billingAvailable}
      cancelStatus={cancelStatus} onCancel={(reason, comment) => void cancel(reason, comment)} onOpenPortal={() => void portal()}
      resumeStatus={resumeStatus} onResume={() => void resume()}
      marketingConsent={consent} onMarketingConsentChange={(c) => void changeConsent(c)}
      spendingCap={{ cap: spendingCap, status: capStatus, onSave: (cap) => void saveCap(cap), onRemove: () => void saveCap(null) }}
      chatsExport={{ status: chatsExport.status, onDownload: () => void chatsExport.download() }}
      onSignOut={() => void signOut().then((r) => (r.success ? window.location.assign('/') : toastCenter.error(t('toast.actionFailed'))))} />
  );
}
