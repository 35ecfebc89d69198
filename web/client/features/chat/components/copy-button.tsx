import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../../../ui/icons.js';
import { useCopy } from '../hooks/use-copy.js';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <button type="button" className="message__action" onClick={() => copy(text)}>
      {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />} {copied ? t('chat.copied') : label ?? t('chat.copy')}
    </button>
  );
}
