import type { PlanOffer } from '../../../core/domain/pricing.js';
import type { PlanOfferView } from './price-tag.js';

/**
 * From the core's plan offer (load-plan-offer) to what the price screens show; null when billing
 * is unavailable, so the screens explain instead of offering a checkout that cannot open.
 */
// Benefits the provider only knows by id (a UUID) say nothing to a reader.
const BENEFIT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function toPlanOfferView(offer: PlanOffer, fallbackName: string, fallbackBenefits: readonly string[] = []): PlanOfferView | null {
  if (!offer.available) return null;
  const discounted = offer.discountedPriceCents < offer.basePriceCents;
  const readable = (offer.product?.benefits ?? []).filter((b) => !BENEFIT_ID.test(b.trim()));
  return {
    name: offer.product?.name ?? fallbackName,
    description: offer.product?.description ?? null,
    basePriceCents: offer.basePriceCents,
    discountedPriceCents: discounted ? offer.discountedPriceCents : null,
    discountPercent: discounted && offer.discountPercent > 0 ? offer.discountPercent : null,
    currency: offer.currency,
    interval: offer.product?.recurringInterval ?? 'month',
    benefits: readable.length > 0 ? readable : [...fallbackBenefits],
  };
}

/** What the plan gives, in the reader's language, when the provider's benefits are ids only. */
export const planBenefits = (t: (key: string) => string): string[] => [
  t('home.features.sideBySide.title'),
  t('home.features.credits.title'),
  t('home.features.library.title'),
];
