import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { Spinner } from '../../../ui/spinner.js';
import './signup.css';

/** /auth/callback: finishing a magic-link or Google sign-in, or explaining why it failed. */
export function AuthCallbackScreen({ status }: { status: 'finishing' | 'failed' | 'expired' }) {
  const { t } = useTranslation();
  return (
    <div className="signup">
      <div className="card signup__card signup__sent">
        {status === 'finishing' ? (
          <div role="status" className="stack" style={{ alignItems: 'center' }}>
            <Spinner size="lg" />
            <h1 className="signup__title">{t('callback.finishing')}</h1>
            <p className="muted">{t('callback.finishingHint')}</p>
          </div>
        ) : (
          <div role="alert">
            <div className="signup__sent-icon" aria-hidden="true">!</div>
            <h1 className="signup__title">{t(status === 'expired' ? 'callback.expiredTitle' : 'callback.failedTitle')}</h1>
            <p className="muted">{t(status === 'expired' ? 'signup.expired' : 'callback.failedBody')}</p>
            <Link href="/signup" className="btn btn--primary">{t('callback.tryAgain')}</Link>
          </div>
        )}
      </div>
    </div>
  );
}
