import { DEFAULT_PLAN_TEXT, type PlanOffer } from '../../../core/billing/index.js';
import type { PlanOfferView } from './price-tag.js';

/** The app's own words for the plan, in the reader's language (translation files). */
export interface PlanText {
  readonly name: string;
  readonly description: string;
  readonly benefits: readonly string[];
}

// Benefits the provider only knows by id (a UUID) say nothing to a reader.
const BENEFIT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Text the provider holds is shown as written, unless it is missing or the default set-up's (then ours, translated). */
const providerOr = (value: string | null | undefined, defaultText: string, own: string): string =>
  value === null || value === undefined || value.trim() === '' || value.trim() === defaultText ? own : value;

/**
 * From the core's plan offer (load-plan-offer) to what the price screens show; null when billing
 * is unavailable, so the screens explain instead of offering a checkout that cannot open.
 */
export function toPlanOfferView(offer: PlanOffer, own: PlanText): PlanOfferView | null {
  if (!offer.available) return null;
  const discounted = offer.discountedPriceCents < offer.basePriceCents;
  const readable = (offer.product?.benefits ?? []).filter((b) => !BENEFIT_ID.test(b.trim()));
  return {
    name: providerOr(offer.product?.name, DEFAULT_PLAN_TEXT.name, own.name),
    description: providerOr(offer.product?.description, DEFAULT_PLAN_TEXT.description, own.description),
    basePriceCents: offer.basePriceCents,
    discountedPriceCents: discounted ? offer.discountedPriceCents : null,
    discountPercent: discounted && offer.discountPercent > 0 ? offer.discountPercent : null,
    currency: offer.currency,
    interval: offer.product?.recurringInterval ?? 'month',
    benefits: readable.length > 0 ? readable : [...own.benefits],
    creditsPerPeriod: offer.creditsPerPeriod,
    discountDuration: discounted ? durationOf(offer.discount) : null,
  };
}

const durationOf = (discount: PlanOffer['discount']): PlanOfferView['discountDuration'] => {
  if (discount?.duration === undefined) return null;
  if (discount.duration !== 'repeating') return { kind: discount.duration };
  const months = discount.durationInMonths;
  return months === null || months === undefined || months < 1 ? null : { kind: 'repeating', months };
};

/** The plan's name, description and benefits from the translation files. */
export const planText = (t: (key: string) => string): PlanText => ({
  name: t('plan.name'),
  description: t('plan.description'),
  benefits: [t('home.features.sideBySide.title'), t('home.features.credits.title'), t('home.features.library.title')],
});
