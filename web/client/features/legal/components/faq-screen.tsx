import { useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL, SUPPORT_HREF } from '../../../ui/company.js';
import { useTitle } from '../../../ui/use-title.js';
import './legal.css';

interface Entry {
  q: string;
  a: string;
}

export function FaqScreen() {
  const { t } = useTranslation();
  useTitle(t('faq.title'));
  const raw: unknown = t('faq.items', { returnObjects: true });
  const entries = Array.isArray(raw) ? raw.filter((e): e is Entry => typeof e?.q === 'string' && typeof e?.a === 'string') : [];
  return (
    <article className="container legal">
      <h1>{t('faq.title')}</h1>
      <p className="legal__intro">{t('faq.intro')}</p>
      <div className="faq">
        {entries.map((entry) => (
          <details key={entry.q} className="faq__item">
            <summary>{entry.q}</summary>
            <p>{entry.a}</p>
          </details>
        ))}
      </div>
      <p className="muted">{t('faq.more')} <a href={SUPPORT_HREF}>{SUPPORT_EMAIL}</a></p>
    </article>
  );
}
