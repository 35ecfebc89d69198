import { describe, expect, it } from 'vitest';
import type { PlanDiscount, PlanProduct } from '../../../core/billing/index.js';
import { DEFAULT_PLAN_TEXT, planOffer } from '../../../core/billing/index.js';
import { toPlanOfferView } from '../../../web/client/ui/plan-offer-view.js';

const product: PlanProduct = {
  id: 'prod_1', name: 'Ensemble Pro', description: 'Every model', recurringInterval: 'month',
  priceAmount: 2500, priceCurrency: 'USD', benefits: ['Every model'],
};
const OWN = { name: 'Der Ensemble-Plan', description: 'Alle Modelle nebeneinander.', benefits: ['Nebeneinander'] };
const tenPercent: PlanDiscount = { id: 'd1', name: 'Launch', code: null, basisPoints: 1000, amount: null };

describe('plan offer → price props', () => {
  it('app §7: a percentage discount gives the struck-through base and the discounted price', () => {
    expect(toPlanOfferView(planOffer(product, tenPercent, true), OWN)).toMatchObject({
      name: 'Ensemble Pro', basePriceCents: 2500, discountedPriceCents: 2250, discountPercent: 10, currency: 'usd', interval: 'month',
    });
  });

  it('no discount: no discounted price to show', () => {
    expect(toPlanOfferView(planOffer(product, null, true), OWN)).toMatchObject({ discountedPriceCents: null, discountPercent: null });
  });

  it('app §9: no product price falls back to 2500 cents under the given name', () => {
    expect(toPlanOfferView(planOffer(null, null, true), OWN)).toMatchObject({ name: 'Der Ensemble-Plan', basePriceCents: 2500, currency: 'usd' });
  });

  it('DESIGN.md: billing unavailable gives null, so screens explain instead of selling', () => {
    expect(toPlanOfferView(planOffer(product, tenPercent, false), OWN)).toBeNull();
  });

  it('the default set-up\'s name and description give way to the translated ones; the business\'s own text is kept', () => {
    const seeded = { ...product, name: DEFAULT_PLAN_TEXT.name, description: DEFAULT_PLAN_TEXT.description };
    expect(toPlanOfferView(planOffer(seeded, null, true), OWN)).toMatchObject({ name: 'Der Ensemble-Plan', description: 'Alle Modelle nebeneinander.' });
    expect(toPlanOfferView(planOffer({ ...product, description: null }, null, true), OWN)).toMatchObject({ name: 'Ensemble Pro', description: 'Alle Modelle nebeneinander.' });
    expect(toPlanOfferView(planOffer(product, null, true), OWN)).toMatchObject({ name: 'Ensemble Pro', description: 'Every model' });
  });
});
