import { describe, expect, it } from 'vitest';
import { DEFAULT_PLAN_PRODUCT, InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import { basePriceCents, discountedPrice, discountPercent, planOffer, priceCurrency, makeLoadPlanOffer } from '../../../core/billing/index.js';
import { domainError } from '../../../core/shared/index.js';

const product = (overrides: Partial<typeof DEFAULT_PLAN_PRODUCT> = {}) => ({ ...DEFAULT_PLAN_PRODUCT, ...overrides });
const percentOff = (basisPoints: number) => ({ id: 'd', name: 'Offer', code: null, basisPoints, amount: null });

describe('price rules (app spec §7, §9)', () => {
  it('app §7: discount percent is basis points divided by 100', () => {
    expect(discountPercent(2000)).toBe(20);
    expect(discountPercent(1250)).toBe(12.5);
    expect(discountPercent(null)).toBe(0);
  });

  it('app §7: discounted price is base × (1 − percent/100), rounded', () => {
    expect(discountedPrice(2500, 20)).toBe(2000);
    expect(discountedPrice(2500, 12.5)).toBe(2188); // 2187.5 rounds up
    expect(discountedPrice(999, 33.33)).toBe(666);
    expect(discountedPrice(2500, 0)).toBe(2500);
  });

  it('app §7: discounted price never below 0', () => {
    expect(discountedPrice(2500, 100)).toBe(0);
    expect(discountedPrice(2500, 150)).toBe(0);
    expect(planOffer(product(), percentOff(12_000), true).discountedPriceCents).toBe(0);
  });

  it("app §7: base price comes from the plan's price, else 2500 cents", () => {
    expect(basePriceCents(product({ priceAmount: 1900 }))).toBe(1900);
    expect(basePriceCents(product({ priceAmount: null }))).toBe(2500);
    expect(basePriceCents(null)).toBe(2500);
    expect(basePriceCents(product({ priceAmount: 0 }))).toBe(0);
  });

  it('app §9: currency defaults to usd', () => {
    expect(priceCurrency(product({ priceCurrency: null }))).toBe('usd');
    expect(priceCurrency(null)).toBe('usd');
    expect(priceCurrency(product({ priceCurrency: 'EUR' }))).toBe('eur');
  });

  it('app §3: a fixed-amount discount carries no basis points, so no percentage is applied', () => {
    const offer = planOffer(product(), { id: 'd', name: 'Fixed', code: null, basisPoints: null, amount: 500 }, true);
    expect(offer).toMatchObject({ discountPercent: 0, discountedPriceCents: 2500 });
  });
});

describe('load-plan-offer (app spec §3, §6, §7)', () => {
  const setup = (gateway = new InMemoryBillingGateway()) => {
    const logger = new InMemoryLogger();
    return { gateway, logger, load: makeLoadPlanOffer({ billingGateway: gateway, logger, creditsPerPeriod: 1000 }) };
  };

  it('app §3: the payment context holds product, discount, percent, base and discounted price', async () => {
    const { load } = setup();
    const offer = await load();
    expect(offer).toEqual({
      success: true,
      data: {
        product: DEFAULT_PLAN_PRODUCT,
        discount: expect.objectContaining({ basisPoints: 2000 }),
        discountPercent: 20,
        basePriceCents: 2500,
        discountedPriceCents: 2000,
        currency: 'usd',
        available: true,
        creditsPerPeriod: 1000,
      },
    });
  });

  it('app §6: billing unavailable (401 / invalid_token) gives available:false and a warning, not a failure', async () => {
    const { gateway, logger, load } = setup();
    gateway.setMode('unavailable');
    const offer = await load();
    expect(offer).toEqual({
      success: true,
      data: expect.objectContaining({ available: false, product: null, basePriceCents: 2500, discountedPriceCents: 2500, currency: 'usd' }),
    });
    expect(logger.at('warn')).toHaveLength(1);
    expect(logger.at('error')).toHaveLength(0);
  });

  it('app §8: other provider fetch errors are logged and returned', async () => {
    const { gateway, logger, load } = setup();
    gateway.failures.failNext('getPlanProduct', domainError('network', 'connection reset'));
    const offer = await load();
    expect(offer).toEqual({ success: false, error: expect.objectContaining({ code: 'network' }) });
    expect(logger.at('error')).toHaveLength(1);
  });

  it('app §7: a discount that cannot be read leaves the full price, with a warning', async () => {
    const { gateway, logger, load } = setup();
    gateway.failures.failNext('getPlanDiscount', domainError('not_found', 'discount gone'));
    const offer = await load();
    expect(offer).toEqual({
      success: true,
      data: expect.objectContaining({ available: true, discount: null, discountPercent: 0, discountedPriceCents: 2500 }),
    });
    expect(logger.at('warn')).toHaveLength(1);
  });

  it('app §7: no discount configured means the base price', async () => {
    const { load } = setup(new InMemoryBillingGateway({ discount: null, product: product({ priceAmount: 3000, priceCurrency: 'eur' }) }));
    const offer = await load();
    expect(offer).toEqual({
      success: true,
      data: expect.objectContaining({ discount: null, basePriceCents: 3000, discountedPriceCents: 3000, currency: 'eur' }),
    });
  });
});
