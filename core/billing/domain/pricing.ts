import type { PlanDiscount, PlanProduct } from './billing.js';

/** app spec §9: the price shown when the plan product carries no fixed price. */
export const FALLBACK_BASE_PRICE_CENTS = 2500;
/** app spec §9: the currency shown when the plan product names none. */
export const DEFAULT_CURRENCY = 'usd';

/** app spec §7: discount percent = basisPoints / 100 (1000 basis points = 10 %). */
export const discountPercent = (basisPoints: number | null | undefined): number =>
  basisPoints == null || !Number.isFinite(basisPoints) ? 0 : basisPoints / 100;

/** app spec §7: round(base × (1 − percent / 100)), never below 0. */
export const discountedPrice = (baseCents: number, percent: number): number =>
  Math.max(0, Math.round(baseCents * (1 - percent / 100)));

export const basePriceCents = (product: PlanProduct | null): number =>
  product?.priceAmount ?? FALLBACK_BASE_PRICE_CENTS;

export const priceCurrency = (product: PlanProduct | null): string =>
  product?.priceCurrency?.toLowerCase() || DEFAULT_CURRENCY;

/**
 * The plan's name and description as a fresh provider set-up has them (the billing sandbox seeds
 * exactly these). The app shows its own translated text in their place; a name or description
 * written at the provider by the business is shown as written.
 */
export const DEFAULT_PLAN_TEXT = {
  name: 'Ensemble plan',
  description: 'All models side by side, the prompt library and a monthly credit allowance.',
} as const;

/** The "App payment context" of app spec §3, minus the provider client. */
export interface PlanOffer {
  readonly product: PlanProduct | null;
  readonly discount: PlanDiscount | null;
  readonly discountPercent: number;
  readonly basePriceCents: number;
  readonly discountedPriceCents: number;
  readonly currency: string;
  /** False when billing is unavailable: the UI hides provider-backed features (app spec §6). */
  readonly available: boolean;
  /** Credits each paid period grants (the app's setting, not the provider's); null when not known. */
  readonly creditsPerPeriod: number | null;
}

export const planOffer = (
  product: PlanProduct | null,
  discount: PlanDiscount | null,
  available: boolean,
  creditsPerPeriod: number | null = null,
): PlanOffer => {
  const percent = discountPercent(discount?.basisPoints);
  const base = basePriceCents(product);
  return {
    product,
    discount,
    discountPercent: percent,
    basePriceCents: base,
    discountedPriceCents: discountedPrice(base, percent),
    currency: priceCurrency(product),
    available,
    creditsPerPeriod,
  };
};
