import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckIcon, CopyIcon } from '../../../ui/icons.js';

export function CopyButton({ text, label }: { text: string; label?: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button type="button" className="message__action" onClick={() => {
      navigator.clipboard.writeText(text).then(() => setCopied(true), () => setCopied(false));
    }}>
      {copied ? <CheckIcon size={14} /> : <CopyIcon size={14} />} {copied ? t('chat.copied') : label ?? t('chat.copy')}
    </button>
  );
}
