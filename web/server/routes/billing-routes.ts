import { Hono } from 'hono';
import { z } from 'zod';
import { CANCELLATION_REASONS } from '../../../core/domain/billing.js';
import { domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { jsonBody } from '../http/validate.js';

const httpUrl = (what: string) => z.url({ protocol: /^https?$/, error: `${what} must be an http(s) URL` });
const checkoutBody = z.strictObject({ successUrl: httpUrl('successUrl').optional() });
const cancelBody = z.strictObject({
  reason: z.enum(CANCELLATION_REASONS, { error: `reason must be one of: ${CANCELLATION_REASONS.join(', ')}` }),
  comment: z.string({ error: 'comment must be text' }).max(2000, 'comment must contain at most 2000 characters').nullish(),
});
const portalBody = z.strictObject({ returnUrl: httpUrl('returnUrl').optional() });

/**
 * /api/billing: every call acts on the caller's own billing customer (external id = user id).
 * `appUrl` is where the hosted pages send the browser back (success URL, portal return URL), and
 * client-given URLs must stay on it, so a link cannot bounce a user's checkout elsewhere.
 */
export function billingRoutes(options: { appUrl: (requestUrl: string) => string }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const sameApp = (url: string, requestUrl: string) => new URL(url).origin === new URL(options.appUrl(requestUrl)).origin;

  routes.get('/state', async (c) => {
    const state = await c.get('useCases').getBillingState();
    return state.success ? c.json({ customer: state.data }) : domainFailure(c, state.error);
  });

  routes.post('/checkout', async (c) => {
    const body = await jsonBody(c, checkoutBody);
    if (!body.ok) return body.response;
    const successUrl = body.data.successUrl ?? `${options.appUrl(c.req.url)}/subscribe?checkout_id={CHECKOUT_ID}`;
    if (!sameApp(successUrl, c.req.url)) return c.json({ error: 'validation', message: 'successUrl must be an address of this app' }, 400);
    const checkout = await c.get('useCases').startCheckout({ successUrl });
    return checkout.success ? c.json(checkout.data, 201) : domainFailure(c, checkout.error);
  });

  routes.post('/subscription/cancel', async (c) => {
    const body = await jsonBody(c, cancelBody);
    if (!body.ok) return body.response;
    const canceled = await c.get('useCases').cancelSubscription({ reason: body.data.reason, comment: body.data.comment ?? null });
    return canceled.success ? c.json({ subscription: canceled.data }) : domainFailure(c, canceled.error);
  });

  routes.post('/portal', async (c) => {
    const body = await jsonBody(c, portalBody);
    if (!body.ok) return body.response;
    const returnUrl = body.data.returnUrl ?? `${options.appUrl(c.req.url)}/account`;
    if (!sameApp(returnUrl, c.req.url)) return c.json({ error: 'validation', message: 'returnUrl must be an address of this app' }, 400);
    const portal = await c.get('useCases').openCustomerPortal({ returnUrl });
    return portal.success ? c.json(portal.data) : domainFailure(c, portal.error);
  });

  return routes;
}
