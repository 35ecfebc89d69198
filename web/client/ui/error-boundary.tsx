import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SUPPORT_HREF } from './company.js';
import { AlertIcon } from './icons.js';

export interface ErrorFallbackProps {
  onRefresh?: () => void;
  supportHref?: string;
}

/** app spec §2: "something went wrong", "please try later", refresh and contact support. */
export function ErrorFallback({ onRefresh = () => window.location.reload(), supportHref = SUPPORT_HREF }: ErrorFallbackProps) {
  // English defaults: this screen must make sense even when the translation files never arrived.
  const { t } = useTranslation(undefined, { useSuspense: false });
  return (
    <main className="error-screen" role="alert">
      <div className="error-screen__panel">
        <div className="error-screen__icon"><AlertIcon size={40} /></div>
        <h1>{t('error.title', 'Something went wrong')}</h1>
        <p className="muted">{t('error.tryLater', 'Please try later.')}</p>
        <div className="error-screen__actions">
          <button type="button" className="btn btn--primary" onClick={onRefresh}>{t('error.refresh', 'Refresh')}</button>
          <a className="btn btn--secondary" href={supportHref}>{t('error.contactSupport', 'Contact support')}</a>
        </div>
      </div>
    </main>
  );
}

interface ErrorBoundaryProps extends ErrorFallbackProps {
  children: ReactNode;
  /** Where the error is reported (the Logger port once wired); console otherwise. */
  onError?: (error: unknown, info: ErrorInfo) => void;
}

export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    if (this.props.onError) this.props.onError(error, info);
    else console.error('Unhandled error in the interface', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    const { onRefresh, supportHref } = this.props;
    return <ErrorFallback {...(onRefresh ? { onRefresh } : {})} {...(supportHref ? { supportHref } : {})} />;
  }
}
