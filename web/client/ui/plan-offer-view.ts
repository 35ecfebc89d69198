import type { PlanOffer } from '../../../core/domain/pricing.js';
import type { PlanOfferView } from './price-tag.js';

/**
 * From the core's plan offer (load-plan-offer) to what the price screens show; null when billing
 * is unavailable, so the screens explain instead of offering a checkout that cannot open.
 */
export function toPlanOfferView(offer: PlanOffer, fallbackName: string): PlanOfferView | null {
  if (!offer.available) return null;
  const discounted = offer.discountedPriceCents < offer.basePriceCents;
  return {
    name: offer.product?.name ?? fallbackName,
    description: offer.product?.description ?? null,
    basePriceCents: offer.basePriceCents,
    discountedPriceCents: discounted ? offer.discountedPriceCents : null,
    discountPercent: discounted && offer.discountPercent > 0 ? offer.discountPercent : null,
    currency: offer.currency,
    interval: offer.product?.recurringInterval ?? 'month',
    benefits: offer.product?.benefits ?? [],
  };
}
