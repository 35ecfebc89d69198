import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ChatErrorView } from './chat-types.js';

/** An answer that failed, explained where it would have appeared. */
export function AnswerError({ error, onRetry }: { error: ChatErrorView; onRetry?: () => void }) {
  const { t } = useTranslation();
  if (error.code === 'insufficient_credits' && error.held !== undefined && error.held > 0) {
    // Not out of credits: answers still running hold them, and give back what they do not use.
    return (
      <div className="alert alert--warning" role="alert">
        <div>
          <p><strong>{t('chat.errors.heldTitle')}</strong> {t('chat.errors.heldBody', { held: error.held })}</p>
          {onRetry ? <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>{t('chat.retry')}</button> : null}
        </div>
      </div>
    );
  }
  if (error.code === 'spending_cap_reached') {
    // The user's own limit: the numbers say why, and the account is where it changes.
    const cap = error.spendingCap;
    return (
      <div className="alert alert--warning" role="alert" data-code="spending_cap_reached">
        <div>
          <p><strong>{t('spendingCap.refusalTitle')}</strong> {cap ? t('spendingCap.refusalBody', cap) : t('spendingCap.refusalFallback')}</p>
        </div>
      </div>
    );
  }
  if (error.code === 'insufficient_credits') {
    return (
      <div className="alert alert--warning" role="alert">
        <div>
          <p><strong>{t('chat.errors.noCreditsTitle')}</strong> {t('chat.errors.noCreditsBody')}</p>
          <Link href="~/subscribe" className="btn btn--primary btn--sm">{t('chat.errors.getCredits')}</Link>
        </div>
      </div>
    );
  }
  const known = ['model_unavailable', 'rate_limited', 'network'].includes(error.code);
  return (
    <div className="alert alert--error" role="alert">
      <div>
        <p>{t(known ? `chat.errors.${error.code}` : 'chat.errors.unexpected')}</p>
        {onRetry ? <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>{t('chat.retry')}</button> : null}
      </div>
    </div>
  );
}
