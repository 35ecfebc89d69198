import { planOffer } from '../domain/pricing.js';
import type { PlanOffer } from '../domain/pricing.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { logFailure, type Logger, fail, ok, type Result } from '../../shared/index.js';

/**
 * app spec §3, §7: at start the app fetches the plan product and its discount and derives the prices;
 * the offer also states the credits each paid period grants (`creditsPerPeriod`, the app's setting).
 * Billing being unavailable (rejected token, app spec §6) is not a failure of the app: it answers an
 * offer marked `available: false` with the fallback price, and logs a warning. Other provider errors
 * are logged and returned (app spec §8: "fetch errors from the provider are logged and stored").
 */
export const makeLoadPlanOffer =
  (deps: { billingGateway: BillingGateway; logger: Logger; creditsPerPeriod: number }) =>
  async (): Promise<Result<PlanOffer>> => {
    const [product, discount] = await Promise.all([
      deps.billingGateway.getPlanProduct(),
      deps.billingGateway.getPlanDiscount(),
    ]);
    if (!product.success) {
      if (product.error.code === 'billing_unavailable' || product.error.code === 'billing_not_initialized') {
        deps.logger.warn('Billing is unavailable; subscription features are hidden', { error: product.error });
        return ok(planOffer(null, null, false, deps.creditsPerPeriod));
      }
      logFailure(deps.logger, 'Could not load the plan product', product.error);
      return fail(product.error);
    }
    if (!discount.success) {
      // A missing discount only means full price; the plan itself is still for sale.
      deps.logger.warn('Could not load the plan discount; showing the full price', { error: discount.error });
      return ok(planOffer(product.data, null, true, deps.creditsPerPeriod));
    }
    return ok(planOffer(product.data, discount.data, true, deps.creditsPerPeriod));
  };
