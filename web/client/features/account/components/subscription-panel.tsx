import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { CANCELLATION_REASONS, type CancellationReason } from '../../../../../core/billing/index.js';
import { Button } from '../../../ui/button.js';
import { Field, Select, Textarea } from '../../../ui/field.js';
import { Modal } from '../../../ui/modal.js';
import { Skeleton } from '../../../ui/spinner.js';
import type { CancelStatus, ResumeStatus } from './account-screen.js';

export interface SubscriptionView {
  readonly status: string;
  readonly currentPeriodEnd: string | null;
  readonly cancelAtPeriodEnd: boolean;
}

interface Props {
  subscription: SubscriptionView | null | undefined;
  billingAvailable: boolean;
  cancelStatus: CancelStatus;
  onCancel: (reason: CancellationReason, comment: string) => void;
  /** Undo the cancellation before the period ends. */
  resumeStatus: ResumeStatus;
  onResume: () => void;
  onOpenPortal: () => void;
}

export function SubscriptionPanel({ subscription, billingAvailable, cancelStatus, onCancel, resumeStatus, onResume, onOpenPortal }: Props) {
  const { t, i18n } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState<CancellationReason | ''>('');
  const [comment, setComment] = useState('');
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(iso)) : '—');
  const active = subscription?.status === 'active';

  return (
    <section className="account__section" aria-labelledby="account-subscription">
      <h2 id="account-subscription">{t('account.subscription')}</h2>
      {!billingAvailable ? (
        <p className="muted">{t('account.billingUnavailable')}</p>
      ) : subscription === undefined ? (
        <Skeleton height={48} />
      ) : subscription === null || !active ? (
        <div className="account__row">
          <p className="muted" style={{ margin: 0 }}>{t('account.noSubscription')}</p>
          <Link href="~/subscribe" className="btn btn--primary btn--sm">{t('sidebar.subscribe')}</Link>
        </div>
      ) : (
        <>
          <div className="account__row">
            <div>
              <span className={subscription.cancelAtPeriodEnd ? 'badge badge--warning' : 'badge badge--success'}>
                {t(subscription.cancelAtPeriodEnd ? 'account.endsSoon' : 'account.active')}
              </span>
              <p className="account__value" style={{ marginTop: 8 }}>
                {t(subscription.cancelAtPeriodEnd ? 'account.endsOn' : 'account.renewsOn', { date: date(subscription.currentPeriodEnd) })}
              </p>
            </div>
          </div>
          {/* The date is said once, above; these only say what just happened. */}
          {cancelStatus === 'done' && subscription.cancelAtPeriodEnd ? <div className="alert alert--success" role="status"><p>{t('account.cancelDone')}</p></div> : null}
          {cancelStatus === 'failed' ? <div className="alert alert--error" role="alert"><p>{t('account.cancelFailed')}</p></div> : null}
          {resumeStatus === 'done' && !subscription.cancelAtPeriodEnd ? <div className="alert alert--success" role="status"><p>{t('account.resumeDone')}</p></div> : null}
          {resumeStatus === 'failed' ? <div className="alert alert--error" role="alert"><p>{t('account.resumeFailed')}</p></div> : null}
          <div className="row account__actions">
            {subscription.cancelAtPeriodEnd ? (
              <Button size="sm" busy={resumeStatus === 'resuming'} onClick={onResume}>{t('account.resume')}</Button>
            ) : null}
            <Button variant="secondary" size="sm" onClick={onOpenPortal}>{t('account.portal')}</Button>
            {!subscription.cancelAtPeriodEnd ? (
              <Button variant="ghost" size="sm" onClick={() => setAsking(true)}>{t('account.cancel')}</Button>
            ) : null}
          </div>
        </>
      )}
      <Modal open={asking} title={t('account.cancelTitle')} onClose={() => setAsking(false)}
        footer={<>
          <Button variant="secondary" onClick={() => setAsking(false)}>{t('account.keep')}</Button>
          <Button variant="danger" busy={cancelStatus === 'cancelling'} disabled={reason === ''}
            onClick={() => { if (reason) { onCancel(reason, comment.trim()); setAsking(false); } }}>{t('account.cancelConfirm')}</Button>
        </>}>
        <p>{t('account.cancelBody', { date: date(subscription?.currentPeriodEnd ?? null) })}</p>
        <Field label={t('account.reason')}>
          {(control) => (
            <Select {...control} value={reason} onChange={(event) => setReason(event.target.value as CancellationReason)}>
              <option value="" disabled>{t('account.reasonPlaceholder')}</option>
              {CANCELLATION_REASONS.map((r) => <option key={r} value={r}>{t(`account.reasons.${r}`)}</option>)}
            </Select>
          )}
        </Field>
        <Field label={t('account.comment')} hint={t('account.commentHint')}>
          {(control) => <Textarea {...control} value={comment} maxLength={1000} onChange={(event) => setComment(event.target.value)} />}
        </Field>
      </Modal>
    </section>
  );
}
