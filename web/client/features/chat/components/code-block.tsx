import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { highlight } from './highlight.js';

export function CodeBlock({ code, language }: { code: string; language: string }) {
  const { t } = useTranslation();
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 1500);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span>{language || t('chat.code')}</span>
        <button type="button" className="code-block__copy" onClick={() => void copy()}>
          {copied ? t('chat.copied') : t('chat.copyCode')}
        </button>
      </div>
      <pre tabIndex={0}><code>{highlight(code, language)}</code></pre>
    </div>
  );
}
