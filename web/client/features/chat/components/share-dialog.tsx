import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.js';
import { Modal } from '../../../ui/modal.js';
import { CopyButton } from './copy-button.js';

export interface ShareDialogProps {
  open: boolean;
  onClose: () => void;
  /** The link when shared, null when not, undefined while it loads. */
  url: string | null | undefined;
  busy: boolean;
  onShare: () => void;
  onRevoke: () => void;
}

/** Share a conversation as a read-only link, copy it, or turn it off. */
export function ShareDialog({ open, onClose, url, busy, onShare, onRevoke }: ShareDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} title={t('share.title')} onClose={onClose}>
      <div className="stack">
        <p>{t('share.intro')}</p>
        {url ? (
          <>
            <label className="field">
              <span className="field__label">{t('share.link')}</span>
              <input className="input" readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
            </label>
            <div className="row" style={{ justifyContent: 'space-between' }}>
              <CopyButton text={url} />
              <Button variant="danger" size="sm" busy={busy} onClick={onRevoke}>{t('share.revoke')}</Button>
            </div>
          </>
        ) : (
          <Button busy={busy || url === undefined} onClick={onShare}>{t('share.create')}</Button>
        )}
      </div>
    </Modal>
  );
}
