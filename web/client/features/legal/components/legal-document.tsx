import { useTranslation } from 'react-i18next';
import { useTitle } from '../../../ui/use-title.js';
import './legal.css';

interface Section {
  title: string;
  paragraphs: string[];
}

/**
 * Renders a document kept in the translation files under `{doc}.title`, `{doc}.updated`,
 * `{doc}.intro` and `{doc}.sections` (a list of {title, paragraphs}); text only, never HTML.
 */
export function LegalDocument({ doc }: { doc: 'privacy' | 'terms' }) {
  const { t } = useTranslation();
  useTitle(t(`${doc}.title`));
  const sections = asSections(t(`${doc}.sections`, { returnObjects: true }));
  return (
    <article className="container legal">
      <h1>{t(`${doc}.title`)}</h1>
      <p className="muted legal__updated">{t(`${doc}.updated`)}</p>
      <p className="legal__intro">{t(`${doc}.intro`)}</p>
      <nav aria-label={t('legal.contents')} className="legal__toc">
        <ol>
          {sections.map((section, i) => <li key={section.title}><a href={`#s${i + 1}`}>{section.title}</a></li>)}
        </ol>
      </nav>
      {sections.map((section, i) => (
        <section key={section.title} id={`s${i + 1}`} aria-labelledby={`s${i + 1}-title`}>
          <h2 id={`s${i + 1}-title`}>{i + 1}. {section.title}</h2>
          {section.paragraphs.map((paragraph) => <p key={paragraph}>{paragraph}</p>)}
        </section>
      ))}
    </article>
  );
}

function asSections(value: unknown): Section[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is Section =>
      typeof item === 'object' && item !== null && typeof item.title === 'string' && Array.isArray(item.paragraphs),
  );
}
