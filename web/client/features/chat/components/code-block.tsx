import { useTranslation } from 'react-i18next';
import { useCopy } from '../hooks/use-copy.js';
import { highlight } from './highlight.js';

export function CodeBlock({ code, language }: { code: string; language: string }) {
  const { t } = useTranslation();
  const { copied, copy } = useCopy();
  return (
    <div className="code-block">
      <div className="code-block__bar">
        <span>{language || t('chat.code')}</span>
        <button type="button" className="code-block__copy" onClick={() => copy(code)}>
          {copied ? t('chat.copied') : t('chat.copyCode')}
        </button>
      </div>
      <pre tabIndex={0}><code>{highlight(code, language)}</code></pre>
    </div>
  );
}
