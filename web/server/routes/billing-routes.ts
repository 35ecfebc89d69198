import { Hono } from 'hono';
import { z } from 'zod';
import {
  cancelRequest, checkoutIdParam, checkoutRequest, portalRequest,
  type billingStateAnswer, type checkoutAnswer, type checkoutStateAnswer, type portalAnswer, type subscriptionAnswer,
} from '../../../adapters/api-contract/api-contract.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { checked, jsonBody } from '../http/validate.js';

/**
 * /api/billing (schemas in api-contract.ts): every call acts on the caller's own billing customer (external id = user id).
 * `appUrl` is where the hosted pages send the browser back (success URL, portal return URL), and
 * client-given URLs must stay on it, so a link cannot bounce a user's checkout elsewhere.
 */
export function billingRoutes(options: { appUrl: (requestUrl: string) => string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const sameApp = (url: string, requestUrl: string) => new URL(url).origin === new URL(options.appUrl(requestUrl)).origin;

  routes.get('/state', async (c) => {
    const state = await c.get('useCases').getBillingState();
    return state.success ? c.json({ customer: state.data } satisfies z.input<typeof billingStateAnswer>) : domainFailure(c, state.error);
  });

  routes.post('/checkout', async (c) => {
    const body = await jsonBody(c, checkoutRequest);
    if (!body.ok) return body.response;
    const successUrl = body.data.successUrl ?? `${options.appUrl(c.req.url)}/subscribe?checkout_id={CHECKOUT_ID}`;
    const returnUrl = body.data.returnUrl ?? `${options.appUrl(c.req.url)}/subscribe?checkout=returned`;
    if (!sameApp(successUrl, c.req.url)) return c.json({ error: 'validation', message: 'successUrl must be an address of this app' }, 400);
    if (!sameApp(returnUrl, c.req.url)) return c.json({ error: 'validation', message: 'returnUrl must be an address of this app' }, 400);
    const checkout = await c.get('useCases').startCheckout({ successUrl, returnUrl });
    return checkout.success ? c.json(checkout.data satisfies z.input<typeof checkoutAnswer>, 201) : domainFailure(c, checkout.error);
  });

  // The caller's own checkout only: another user's id is 404, like an id the provider never issued.
  routes.get('/checkouts/:id', async (c) => {
    const param = checked(c, checkoutIdParam, { id: c.req.param('id') }, 'path');
    if (!param.ok) return param.response;
    const found = await c.get('useCases').getCheckoutState({ checkoutId: param.data.id });
    return found.success ? c.json({ checkout: found.data } satisfies z.input<typeof checkoutStateAnswer>) : domainFailure(c, found.error);
  });

  routes.post('/subscription/resume', async (c) => {
    const body = await jsonBody(c, z.strictObject({}));
    if (!body.ok) return body.response;
    const resumed = await c.get('useCases').resumeSubscription();
    return resumed.success ? c.json({ subscription: resumed.data } satisfies z.input<typeof subscriptionAnswer>) : domainFailure(c, resumed.error);
  });

  routes.post('/subscription/cancel', async (c) => {
    const body = await jsonBody(c, cancelRequest);
    if (!body.ok) return body.response;
    const canceled = await c.get('useCases').cancelSubscription({ reason: body.data.reason, comment: body.data.comment ?? null });
    return canceled.success ? c.json({ subscription: canceled.data } satisfies z.input<typeof subscriptionAnswer>) : domainFailure(c, canceled.error);
  });

  routes.post('/portal', async (c) => {
    const body = await jsonBody(c, portalRequest);
    if (!body.ok) return body.response;
    const returnUrl = body.data.returnUrl ?? `${options.appUrl(c.req.url)}/account`;
    if (!sameApp(returnUrl, c.req.url)) return c.json({ error: 'validation', message: 'returnUrl must be an address of this app' }, 400);
    const portal = await c.get('useCases').openCustomerPortal({ returnUrl });
    return portal.success ? c.json(portal.data satisfies z.input<typeof portalAnswer>) : domainFailure(c, portal.error);
  });

  return routes;
}
