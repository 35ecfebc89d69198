import { useTranslation } from 'react-i18next';
import type { ToastType } from '../../../core/interface/index.js';
import { CloseIcon } from './icons.js';

export interface ToastView {
  readonly id: string;
  readonly type: ToastType;
  readonly message: string;
  readonly title?: string;
}

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', info: 'i' };

/**
 * app spec §2: bottom right, success/error/info, dismissible. Timing (4000 ms) belongs to the
 * toast centre use case; this only shows what it is given.
 */
export function Toasts({ toasts, onDismiss }: { toasts: readonly ToastView[]; onDismiss: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <section className="toasts" aria-label={t('toast.region')}>
      {toasts.map((toast) => (
        <div key={toast.id} className={`toast toast--${toast.type}`} role={toast.type === 'error' ? 'alert' : 'status'}>
          <span aria-hidden="true" className={`badge badge--${toast.type === 'error' ? 'danger' : toast.type === 'success' ? 'success' : 'accent'}`}>
            {ICONS[toast.type]}
          </span>
          <div className="toast__body">
            {toast.title ? <strong className="toast__title">{toast.title}</strong> : null}
            {toast.message}
          </div>
          <button type="button" className="btn btn--ghost btn--icon" onClick={() => onDismiss(toast.id)} aria-label={t('toast.dismiss')}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </section>
  );
}
