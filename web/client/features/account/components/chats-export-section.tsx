import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.js';

/** Idle, or reading the chats (how many so far). */
export type ChatsExportStatus = { readonly state: 'idle' } | { readonly state: 'preparing'; readonly count: number };

export interface ChatsExportSectionProps {
  status: ChatsExportStatus;
  onDownload: () => void;
}

/** "Your chats": every chat, with its messages and settings, saved as one file to keep. */
export function ChatsExportSection({ status, onDownload }: ChatsExportSectionProps) {
  const { t, i18n } = useTranslation();
  const preparing = status.state === 'preparing';
  return (
    <section className="account__section" aria-labelledby="account-chats">
      <h2 id="account-chats">{t('account.chats.title')}</h2>
      <p className="muted">{t('account.chats.body')}</p>
      <div className="account__row">
        <Button variant="secondary" size="sm" onClick={onDownload} disabled={preparing} aria-busy={preparing}>{t('account.chats.download')}</Button>
        {preparing ? (
          <span className="muted" role="status">{t('account.chats.preparing', { count: new Intl.NumberFormat(i18n.resolvedLanguage).format(status.count) })}</span>
        ) : null}
      </div>
    </section>
  );
}
