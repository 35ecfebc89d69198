import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { useClientConfig, useSession, useUseCases } from '../../../use-cases/use-cases-provider.js';
import { HomeScreen } from '../components/home-screen.js';
import type { PlanOfferView } from '../../../ui/price-tag.js';
import { planText, toPlanOfferView } from '../../../ui/plan-offer-view.js';
import { SiteLayout } from '../../../ui/site-layout.js';
import { Spinner } from '../../../ui/spinner.js';

/**
 * /: the models on offer (listModels) and the plan (loadPlanOffer); the call to action follows the
 * session. The shell, hero and texts paint at once; while the use cases load, the models and the
 * plan show their loading state and the header's call to action a spinner.
 */
export default function HomePage() {
  return (
    <Suspense fallback={<SiteLayout actions={<Spinner size="sm" />}><HomeScreen models={undefined} plan={undefined} /></SiteLayout>}>
      <HomeWithData />
    </Suspense>
  );
}

function HomeWithData() {
  const { t } = useTranslation();
  const { listModels, loadPlanOffer } = useUseCases();
  const { billingAvailable } = useClientConfig();
  const session = useSession();
  const signedIn = session.user !== null;
  const [models, setModels] = useState<readonly ModelInfo[] | undefined>(undefined);
  const [plan, setPlan] = useState<PlanOfferView | null | undefined>(billingAvailable ? undefined : null);

  useEffect(() => {
    let live = true;
    void listModels().then((r) => live && setModels(r.success ? r.data : []));
    if (billingAvailable) void loadPlanOffer().then((r) => live && setPlan(r.success ? toPlanOfferView(r.data, planText(t)) : null));
    return () => {
      live = false;
    };
  }, [listModels, loadPlanOffer, billingAvailable, t]);

  const action = session.loading
    ? <Spinner size="sm" />
    : signedIn
      ? <Link href="/chat" className="btn btn--primary btn--sm">{t('subscribe.openChat')}</Link>
      : <Link href="/signup" className="btn btn--primary btn--sm">{t('nav.signIn')}</Link>;
  return (
    <SiteLayout actions={action}>
      <HomeScreen models={models} plan={plan} ctaHref={signedIn ? '/chat' : '/signup'} />
    </SiteLayout>
  );
}
