import { useTranslation } from 'react-i18next';
import { Modal } from '../../../ui/modal.js';

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);

/** The chat's keyboard shortcuts, opened with `?`. */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const mod = isMac() ? '⌘' : 'Ctrl';
  const rows: [string, string][] = [
    ['Enter', t('shortcuts.send')],
    ['Shift + Enter', t('shortcuts.newLine')],
    ['Esc', t('shortcuts.stop')],
    [`${mod} + K`, t('shortcuts.search')],
    [`${mod} + Shift + O`, t('shortcuts.newChat')],
    ['↑', t('shortcuts.editLast')],
    ['?', t('shortcuts.help')],
  ];
  return (
    <Modal open={open} title={t('shortcuts.title')} onClose={onClose}>
      <dl className="shortcuts">
        {rows.map(([keys, what]) => (
          <div key={keys} className="shortcuts__row">
            <dt>{keys.split(' + ').map((key, i) => <span key={key}>{i > 0 ? ' + ' : null}<kbd>{key}</kbd></span>)}</dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
