import { useTranslation } from 'react-i18next';

const ANSWERS = ['brief', 'story', 'steps'] as const;

/**
 * The product's idea in one picture: a question asked once, three answers side by side, one kept.
 * Real text in the reader's language, drawn in HTML and CSS (no image to fetch); decorative, so
 * hidden from screen readers (the heading beside it says the same).
 */
export function HeroIllustration() {
  const { t } = useTranslation();
  return (
    <div className="hero-art" aria-hidden="true">
      <div className="hero-art__bar"><span /><span /><span /></div>
      <p className="hero-art__prompt">{t('home.hero.art.prompt')}</p>
      <div className="hero-art__columns">
        {ANSWERS.map((key, index) => (
          <div key={key} className={index === 1 ? 'hero-art__answer hero-art__answer--kept' : 'hero-art__answer'}>
            <span className="hero-art__model"><span className={`hero-art__dot hero-art__dot--${index}`} />{t(`home.hero.art.${key}.label`)}</span>
            <p>{t(`home.hero.art.${key}.text`)}</p>
            {index === 1 ? <span className="hero-art__kept">✓ {t('home.hero.art.kept')}</span> : null}
          </div>
        ))}
      </div>
    </div>
  );
}
