import type { z } from 'zod';
import type { modelsAnswer, planAnswer, publicConfigAnswer } from '../../../adapters/api-contract/api-contract.js';
import { Hono, type MiddlewareHandler } from 'hono';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv, ServerUseCaseSource } from '../http/app-env.js';

/** What the browser may know: nothing here is secret (a test scans it for every configured secret). */
export interface PublicConfig {
  readonly supabaseUrl: string | null;
  readonly supabaseAnonKey: string | null;
  readonly tagManagerId: string | null;
  readonly supportWidgetSrc: string | null;
  readonly billingAvailable: boolean;
  /** Credits each paid period of the plan grants. */
  readonly creditsPerPeriod: number;
}

/**
 * Routes anyone may call: the health check, the public config, the model catalogue, the plan offer.
 * `limited` (the per-address rate limit) runs on each of them: they share /api with the user routes,
 * so it is attached to the routes themselves rather than to every path of the sub-app.
 */
export function publicRoutes(options: {
  useCases: ServerUseCaseSource;
  publicConfig: () => Omit<PublicConfig, 'billingAvailable'>;
  billingAvailable: () => boolean;
  limited: MiddlewareHandler<AppEnv>;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const shared = options.useCases.shared;
  const { limited } = options;

  routes.get('/health', limited, (c) => c.json({ status: 'ok' }));

  routes.get('/config', limited, (c) => {
    const config: PublicConfig = { ...options.publicConfig(), billingAvailable: options.billingAvailable() };
    c.header('Cache-Control', 'no-cache');
    return c.json(config satisfies z.input<typeof publicConfigAnswer>);
  });

  routes.get('/models', limited, async (c) => {
    const models = await shared.listModels();
    return models.success ? c.json({ models: models.data } satisfies z.input<typeof modelsAnswer>) : domainFailure(c, models.error);
  });

  routes.get('/billing/plan', limited, async (c) => {
    const offer = await shared.loadPlanOffer();
    if (!offer.success) return domainFailure(c, offer.error);
    const o = offer.data;
    return c.json({
      productId: o.product?.id ?? null,
      name: o.product?.name ?? null,
      description: o.product?.description ?? null,
      recurringInterval: o.product?.recurringInterval ?? null,
      benefits: o.product?.benefits ?? [],
      priceAmount: o.product?.priceAmount ?? null,
      basePriceCents: o.basePriceCents,
      discountPercent: o.discountPercent,
      discountedPriceCents: o.discountedPriceCents,
      discount: o.discount
        ? {
            id: o.discount.id, name: o.discount.name, code: o.discount.code, basisPoints: o.discount.basisPoints, amount: o.discount.amount,
            ...(o.discount.duration === undefined ? {} : { duration: o.discount.duration, durationInMonths: o.discount.durationInMonths ?? null }),
          }
        : null,
      currency: o.currency,
      available: o.available && options.billingAvailable(),
    } satisfies z.input<typeof planAnswer>);
  });

  return routes;
}
