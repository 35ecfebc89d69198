import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../ui/button.js';
import { PriceTag, type PlanOfferView } from '../../ui/price-tag.js';
import { Skeleton } from '../../ui/spinner.js';
import { useTitle } from '../../ui/use-title.js';
import './subscribe.css';

export type SubscribeStatus = 'idle' | 'redirecting' | 'succeeded' | 'failed';

export interface SubscribeScreenProps {
  /** undefined while loading; null when billing is unavailable (DESIGN.md: hidden or explained). */
  plan: PlanOfferView | null | undefined;
  subscribed: boolean;
  status: SubscribeStatus;
  onSubscribe: () => void;
}

/** The one plan: price (struck-through base beside the discounted price), benefits, subscribe. */
export function SubscribeScreen({ plan, subscribed, status, onSubscribe }: SubscribeScreenProps) {
  const { t } = useTranslation();
  useTitle(t('subscribe.title'));
  return (
    <div className="subscribe">
      <header className="subscribe__header">
        <h1>{t('subscribe.title')}</h1>
        <p className="muted">{t('subscribe.lead')}</p>
      </header>
      {status === 'succeeded' ? <div className="alert alert--success" role="status"><p>{t('subscribe.succeeded')}</p></div> : null}
      {status === 'failed' ? <div className="alert alert--error" role="alert"><p>{t('subscribe.failed')}</p></div> : null}
      {plan === null ? (
        <div className="card subscribe__card" role="status">
          <h2>{t('subscribe.unavailableTitle')}</h2>
          <p className="muted">{t('subscribe.unavailableBody')}</p>
        </div>
      ) : plan === undefined ? (
        <div className="card subscribe__card stack" aria-busy="true">
          <Skeleton width="50%" height={24} /><Skeleton width="35%" height={36} /><Skeleton height={14} /><Skeleton height={14} width="75%" />
        </div>
      ) : (
        <section className="card subscribe__card" aria-labelledby="plan-name">
          <div className="row" style={{ justifyContent: 'space-between' }}>
            <h2 id="plan-name" className="subscribe__plan">{plan.name}</h2>
            {subscribed ? <span className="badge badge--success">{t('subscribe.current')}</span> : null}
          </div>
          {plan.description ? <p className="muted">{plan.description}</p> : null}
          <PriceTag plan={plan} large />
          <h3 className="subscribe__included">{t('subscribe.included')}</h3>
          <ul className="subscribe__benefits">
            {plan.benefits.map((benefit) => <li key={benefit}>{benefit}</li>)}
          </ul>
          {subscribed ? (
            <Link href="/chat" className="btn btn--primary btn--block btn--lg">{t('subscribe.openChat')}</Link>
          ) : (
            <Button block size="lg" busy={status === 'redirecting'} onClick={onSubscribe}>{t('subscribe.cta')}</Button>
          )}
          <p className="subscribe__note muted">{t('subscribe.note')}</p>
        </section>
      )}
    </div>
  );
}
