import { z } from 'zod';
import { CHECKOUT_FORBIDDEN } from '../http/error-catalogue.js';
import { json, named, operation } from '../http/operation.js';
import {
  checkout,
  checkoutConfirm,
  checkoutCreate,
  checkoutPublic,
  checkoutPublicConfirmed,
  checkoutStatuses,
  checkoutUpdate,
  checkoutUpdatePublic,
} from '../schemas/checkout.js';
import { listResource } from '../schemas/common.js';
import { ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

const byId = z.object({ id: z.string().min(1) });
const bySecret = z.object({ client_secret: z.string().min(1) });

/** Checkouts: seller side (access token) and public side (`client`: the client secret in the path). */
export const checkoutOps = {
  list: operation({
    method: 'GET',
    path: '/v1/checkouts/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      product_id: ids.nullable().optional(),
      customer_id: ids.nullable().optional(),
      status: oneOrMany(z.enum(checkoutStatuses)).nullable().optional(),
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'expires_at', 'status']),
    }),
    responses: [json(200, listResource(checkout))],
  }),
  create: operation({
    method: 'POST',
    path: '/v1/checkouts/',
    security: 'accessToken',
    body: checkoutCreate,
    responses: [json(201, checkout)],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/checkouts/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, checkout)],
    errors: named('ResourceNotFound'),
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/checkouts/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: checkoutUpdate,
    bodyKey: 'checkoutUpdate',
    responses: [json(200, checkout)],
    errors: [...named('ResourceNotFound'), ...named(...CHECKOUT_FORBIDDEN)],
  }),
  /** Public calls: the client secret is the only credential; no token is sent. */
  client: {
    get: operation({
      method: 'GET',
      path: '/v1/checkouts/client/{client_secret}',
      security: 'none',
      pathParams: bySecret,
      responses: [json(200, checkoutPublic)],
      errors: [...named('ResourceNotFound'), ...named('ExpiredCheckoutError')],
    }),
    update: operation({
      method: 'PATCH',
      path: '/v1/checkouts/client/{client_secret}',
      security: 'none',
      pathParams: bySecret,
      body: checkoutUpdatePublic,
      bodyKey: 'checkoutUpdatePublic',
      responses: [json(200, checkoutPublic)],
      errors: [...named('ResourceNotFound'), ...named('ExpiredCheckoutError'), ...named(...CHECKOUT_FORBIDDEN)],
    }),
    confirm: operation({
      method: 'POST',
      path: '/v1/checkouts/client/{client_secret}/confirm',
      security: 'none',
      pathParams: bySecret,
      body: checkoutConfirm,
      bodyKey: 'checkoutConfirmStripe',
      responses: [json(200, checkoutPublicConfirmed)],
      errors: [
        ...named('ResourceNotFound'),
        ...named('ExpiredCheckoutError'),
        ...named(...CHECKOUT_FORBIDDEN),
        ...named('PaymentError'),
      ],
    }),
  },
};
