import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ModelInfo } from '../../../../../core/chat/index.js';
import { PriceTag, type PlanOfferView } from '../../../ui/price-tag.js';
import { Skeleton } from '../../../ui/spinner.js';
import { useTitle } from '../../../ui/use-title.js';
import { HeroIllustration } from './hero-illustration.js';
import { ModelCard } from './model-card.js';
import './home.css';
import { BookIcon, CoinsIcon, ColumnsIcon } from '../../../ui/icons.js';

export interface HomeScreenProps {
  /** The model catalogue; undefined while it loads. */
  models?: readonly ModelInfo[] | undefined;
  /** The plan; undefined while it loads, null when billing is unavailable. */
  plan?: PlanOfferView | null | undefined;
  /** Where the main call to action leads (sign up when signed out, the chat when signed in). */
  ctaHref?: string;
}

const FEATURES = ['sideBySide', 'credits', 'library'] as const;
const FEATURE_ICONS = { sideBySide: <ColumnsIcon size={22} />, credits: <CoinsIcon size={22} />, library: <BookIcon size={22} /> } as const;

export function HomeScreen({ models, plan, ctaHref = '/signup' }: HomeScreenProps) {
  const { t } = useTranslation();
  useTitle(null);
  return (
    <div className="home">
      <section className="home-hero">
        <div className="container home-hero__inner">
          <p className="home-hero__eyebrow">{t('home.hero.eyebrow')}</p>
          <h1>{t('home.hero.title')}</h1>
          <p className="home-hero__lead">{t('home.hero.lead')}</p>
          <div className="row home-hero__actions">
            <Link href={ctaHref} className="btn btn--primary btn--lg">{t('home.hero.cta')}</Link>
            <a href="#models" className="btn btn--secondary btn--lg">{t('home.hero.secondary')}</a>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section className="home-section" aria-labelledby="features-title">
        <div className="container">
          <h2 id="features-title">{t('home.features.title')}</h2>
          <div className="home-grid">
            {FEATURES.map((key) => (
              <article key={key} className="card home-feature">
                <span className="home-feature__icon" aria-hidden="true">{FEATURE_ICONS[key]}</span>
                <h3>{t(`home.features.${key}.title`)}</h3>
                <p className="muted">{t(`home.features.${key}.body`)}</p>
              </article>
            ))}
          </div>
        </div>
      </section>

      <section id="models" className="home-section home-section--alt" aria-labelledby="models-title">
        <div className="container">
          <h2 id="models-title">{t('home.models.title')}</h2>
          <p className="muted home-section__lead">{t('home.models.lead')}</p>
          {models === undefined ? (
            <div className="home-models" aria-busy="true">
              {[0, 1, 2].map((i) => <Skeleton key={i} height={120} />)}
            </div>
          ) : models.length === 0 ? (
            <p className="muted">{t('home.models.none')}</p>
          ) : (
            <ModelGroups models={models} />
          )}
        </div>
      </section>

      {plan === null ? null : (
        <section className="home-section" aria-labelledby="plan-title">
          <div className="container home-plan">
            <div>
              <h2 id="plan-title">{t('home.plan.title')}</h2>
              <p className="muted">{t('home.plan.lead')}</p>
            </div>
            <div className="card home-plan__card">
              {plan === undefined ? (
                <div className="stack" aria-busy="true"><Skeleton width="40%" height={28} /><Skeleton height={14} /><Skeleton height={14} width="80%" /></div>
              ) : (
                <>
                  <h3>{plan.name}</h3>
                  <PriceTag plan={plan} large />
                  <ul className="home-plan__benefits">
                    {plan.benefits.map((benefit) => <li key={benefit}>{benefit}</li>)}
                  </ul>
                  {noPaidModelHere(models) ? <p className="alert alert--warning home-plan__honest">{t('home.plan.noPaidModels')}</p> : null}
                  <Link href={ctaHref} className="btn btn--primary btn--block">{t('home.plan.cta')}</Link>
                </>
              )}
            </div>
          </div>
        </section>
      )}

      <section className="home-section home-cta" aria-labelledby="cta-title">
        <div className="container">
          <h2 id="cta-title">{t('home.final.title')}</h2>
          <p className="muted">{t('home.final.body')} <Link href="/faq">{t('home.final.faq')}</Link></p>
          <Link href={ctaHref} className="btn btn--primary btn--lg">{t('home.hero.cta')}</Link>
        </div>
      </section>
    </div>
  );
}

/** True when the catalogue has models of the plan and none of them can answer on this server. */
const noPaidModelHere = (models: readonly ModelInfo[] | undefined): boolean => {
  const paid = models?.filter((m) => m.plan === 'paid') ?? [];
  return paid.length > 0 && paid.every((m) => !m.available);
};

/**
 * The models that answer on this server, and nothing else: a model whose provider has no key here
 * cannot be used by anyone, plan or not, so the page does not offer it. One line still says how many
 * more the catalogue holds, so that an operator sees what a provider key would add.
 */
function ModelGroups({ models }: { models: readonly ModelInfo[] }) {
  const { t } = useTranslation();
  const available = models.filter((m) => m.available);
  const unavailable = models.length - available.length;
  return (
    <>
      <ul className="home-models">
        {available.map((model) => <li key={model.id}><ModelCard model={model} /></li>)}
      </ul>
      {unavailable > 0 ? <p className="muted home-models__more">{t('home.models.moreWithKeys', { count: unavailable })}</p> : null}
    </>
  );
}
