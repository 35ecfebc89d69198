import { useTranslation } from 'react-i18next';

/** The one paid plan as the screens show it (app spec §3 "App payment context", §7 price logic). */
export interface PlanOfferView {
  readonly name: string;
  readonly description: string | null;
  readonly basePriceCents: number;
  /** Present only when a discount applies and lowers the price. */
  readonly discountedPriceCents: number | null;
  readonly discountPercent: number | null;
  readonly currency: string;
  readonly interval: 'month' | 'year' | null;
  readonly benefits: readonly string[];
  /** Credits each paid period grants; null when not known. */
  readonly creditsPerPeriod: number | null;
  /** How long the discount lowers the price, when one applies and the provider says. */
  readonly discountDuration: { readonly kind: 'once' | 'forever' } | { readonly kind: 'repeating'; readonly months: number } | null;
}

export function formatMoney(cents: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language, { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);
}

/**
 * Base price struck through beside the discounted price when a discount applies; below them, how
 * long the discount lasts and the credits each period brings.
 */
export function PriceTag({ plan, large = false }: { plan: PlanOfferView; large?: boolean }) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  const base = formatMoney(plan.basePriceCents, plan.currency, language);
  const discounted = plan.discountedPriceCents !== null && plan.discountedPriceCents < plan.basePriceCents;
  const interval = plan.interval ? t(`price.per.${plan.interval}`) : '';
  const duration = discounted ? plan.discountDuration : null;
  const terms = [
    plan.creditsPerPeriod === null
      ? null
      : t(`price.credits.${plan.interval ?? 'month'}`, { count: plan.creditsPerPeriod, credits: new Intl.NumberFormat(language).format(plan.creditsPerPeriod) }),
    duration === null
      ? null
      : duration.kind === 'repeating'
        ? t('price.discountFor.repeating', { count: duration.months, base })
        : t(`price.discountFor.${duration.kind}`, { base }),
  ].filter((term): term is string => term !== null);
  const tag = (
    <div className={large ? 'price price--large' : 'price'}>
      {discounted ? (
        <>
          <del className="price__base"><span className="visually-hidden">{t('price.was')} </span>{base}</del>
          <ins className="price__now"><span className="visually-hidden">{t('price.now')} </span>{formatMoney(plan.discountedPriceCents ?? 0, plan.currency, language)}</ins>
        </>
      ) : (
        <span className="price__now">{base}</span>
      )}
      {interval ? <span className="price__interval">{interval}</span> : null}
      {discounted && plan.discountPercent ? <span className="badge badge--success">{t('price.off', { percent: plan.discountPercent })}</span> : null}
    </div>
  );
  if (terms.length === 0) return tag;
  return (
    <>
      {tag}
      <p className="price__terms muted" data-testid="plan-terms">{terms.join(' · ')}</p>
    </>
  );
}
