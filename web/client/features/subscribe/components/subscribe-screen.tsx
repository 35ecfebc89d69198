import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Button } from '../../../ui/button.js';
import { PriceTag, type PlanOfferView } from '../../../ui/price-tag.js';
import { Skeleton } from '../../../ui/spinner.js';
import { useTitle } from '../../../ui/use-title.js';
import './subscribe.css';

/**
 * checking: reading a checkout back; succeeded / failed: what it became; left: back from the
 * checkout without paying (no payment was tried: not a failure); unknown: an address naming no
 * checkout of this user's; resuming / resumed: undoing a cancellation.
 */
export type SubscribeStatus = 'idle' | 'redirecting' | 'checking' | 'succeeded' | 'failed' | 'left' | 'unknown' | 'resuming' | 'resumed';

/** The user's plan when they have one: `endsOn` (ISO) when it is cancelled at period end. */
export interface CurrentPlan {
  readonly endsOn: string | null;
}

export interface SubscribeScreenProps {
  /** undefined while loading; null when billing is unavailable (DESIGN.md: hidden or explained). */
  plan: PlanOfferView | null | undefined;
  current: CurrentPlan | null;
  status: SubscribeStatus;
  onSubscribe: () => void;
  onResume: () => void;
  /** Whether any model of the plan can answer on this server; null when the catalogue has none or is loading. */
  paidModelsAvailable?: boolean | null;
}

const NOTICES: Partial<Record<SubscribeStatus, { kind: 'success' | 'error' | 'info'; key: string }>> = {
  checking: { kind: 'info', key: 'subscribe.checking' },
  succeeded: { kind: 'success', key: 'subscribe.succeeded' },
  failed: { kind: 'error', key: 'subscribe.failed' },
  left: { kind: 'info', key: 'subscribe.left' },
  unknown: { kind: 'info', key: 'subscribe.unknownCheckout' },
  resumed: { kind: 'success', key: 'subscribe.resumed' },
};

/** The one plan: price (struck-through base beside the discounted price), benefits, subscribe or the plan's state. */
export function SubscribeScreen({ plan, current, status, onSubscribe, onResume, paidModelsAvailable = null }: SubscribeScreenProps) {
  const { t, i18n } = useTranslation();
  useTitle(t('subscribe.title'));
  const notice = NOTICES[status];
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(iso));
  return (
    <div className="subscribe">
      <header className="subscribe__header">
        <h1>{t('subscribe.title')}</h1>
        <p className="muted">{t('subscribe.lead')}</p>
      </header>
      {notice ? (
        <div className={`alert alert--${notice.kind}`} role={notice.kind === 'error' ? 'alert' : 'status'}><p>{t(notice.key)}</p></div>
      ) : null}
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
          <div className="row subscribe__title-row">
            <h2 id="plan-name" className="subscribe__plan">{plan.name}</h2>
            {current === null ? null : current.endsOn ? (
              <span className="badge badge--warning">{t('subscribe.endsOn', { date: date(current.endsOn) })}</span>
            ) : (
              <span className="badge badge--success">{t('subscribe.current')}</span>
            )}
          </div>
          {plan.description ? <p className="muted">{plan.description}</p> : null}
          <PriceTag plan={plan} large />
          <h3 className="subscribe__included">{t('subscribe.included')}</h3>
          <ul className="subscribe__benefits">
            {plan.benefits.map((benefit) => <li key={benefit}>{benefit}</li>)}
          </ul>
          {paidModelsAvailable === false ? <p className="alert alert--warning subscribe__honest">{t('subscribe.noPaidModels')}</p> : null}
          {current === null ? (
            <Button block size="lg" busy={status === 'redirecting'} disabled={status === 'checking'} onClick={onSubscribe}>{t('subscribe.cta')}</Button>
          ) : current.endsOn ? (
            <div className="stack">
              <Button block size="lg" busy={status === 'resuming'} onClick={onResume}>{t('subscribe.resume')}</Button>
              <Link href="/" className="btn btn--secondary btn--block">{t('subscribe.openChat')}</Link>
            </div>
          ) : (
            <Link href="/" className="btn btn--primary btn--block btn--lg">{t('subscribe.openChat')}</Link>
          )}
          <p className="subscribe__note muted">{t(current?.endsOn ? 'subscribe.endsNote' : 'subscribe.note')}</p>
        </section>
      )}
    </div>
  );
}
