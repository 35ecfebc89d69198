import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { localBytes } from '../hooks/use-composer-files.js';
import type { ChatErrorView } from './chat-types.js';

export interface AnswerErrorProps {
  error: ChatErrorView;
  onRetry?: (() => void) | undefined;
  /** A model's name, for a refusal that names the models it is about. */
  labelOf?: ((modelId: string) => string | null) | undefined;
  /** Blind compare before the vote: a refusal counts the models instead of naming them. */
  hidden?: boolean | undefined;
}

/** An answer that failed, explained where it would have appeared. */
export function AnswerError({ error, onRetry, labelOf = (id) => id, hidden = false }: AnswerErrorProps) {
  const { t, i18n } = useTranslation();
  const refusal = error.refusal;
  if (refusal) {
    // The server's reason, in the reader's language (its own sentence is English).
    const models = 'modelIds' in refusal ? refusal.modelIds.map((id) => labelOf(id) ?? id).join(', ') : '';
    const count = 'modelIds' in refusal ? refusal.modelIds.length : 0;
    const said = refusal.reason === 'images_too_large' ? t('attach.errors.imagesOverRequest', { limit: localBytes(refusal.limit, i18n.resolvedLanguage) })
      : refusal.reason === 'images_not_supported' ? (hidden ? t('attach.imagesNotSupportedHidden', { count }) : t('attach.imagesNotSupported', { models }))
      : hidden ? t('chat.errors.needsPlanHidden', { count }) : t('chat.errors.needsPlan', { models, count });
    return (
      <div className="alert alert--warning" role="alert" data-code={error.code}>
        <div>
          <p>{said}</p>
          {refusal.reason === 'needs_plan' ? <Link href="~/subscribe" className="btn btn--primary btn--sm">{t('chat.errors.subscribe')}</Link> : null}
        </div>
      </div>
    );
  }
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
  const known = ['model_unavailable', 'context_too_long', 'rate_limited', 'network'].includes(error.code);
  // The same conversation sent again would be refused again: the way on is a shorter one, which the message
  // names (a shorter message, another model for a summary or a merge, or fewer earlier messages).
  const retryable = error.code !== 'context_too_long';
  return (
    <div className="alert alert--error" role="alert" data-code={error.code}>
      <div>
        <p>{t(!known ? 'chat.errors.unexpected' : error.code === 'context_too_long' && error.context ? `chat.errors.context_too_long_${error.context}` : `chat.errors.${error.code}`)}</p>
        {onRetry && retryable ? <button type="button" className="btn btn--secondary btn--sm" onClick={onRetry}>{t('chat.retry')}</button> : null}
      </div>
    </div>
  );
}
