import { z } from 'zod';
import { CHECKOUT_FORBIDDEN } from '../http/error-catalogue.js';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { json, named, operation, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
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

/** Checkouts: seller side (access token) and public side (client secret in the path), part A §7. */
const byId = z.object({ id: z.string().min(1) });
const bySecret = z.object({ client_secret: z.string().min(1) });

export const listCheckouts = operation({
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
});

export const createCheckout = operation({
  method: 'POST',
  path: '/v1/checkouts/',
  security: 'accessToken',
  body: checkoutCreate,
  responses: [json(201, checkout)],
});

export const getCheckout = operation({
  method: 'GET',
  path: '/v1/checkouts/{id}',
  security: 'accessToken',
  pathParams: byId,
  responses: [json(200, checkout)],
  errors: named('ResourceNotFound'),
});

export const updateCheckout = operation({
  method: 'PATCH',
  path: '/v1/checkouts/{id}',
  security: 'accessToken',
  pathParams: byId,
  body: checkoutUpdate,
  responses: [json(200, checkout)],
  errors: [...named('ResourceNotFound'), ...named(...CHECKOUT_FORBIDDEN)],
});

export const clientGetCheckout = operation({
  method: 'GET',
  path: '/v1/checkouts/client/{client_secret}',
  security: 'none',
  pathParams: bySecret,
  responses: [json(200, checkoutPublic)],
  errors: [...named('ResourceNotFound'), ...named('ExpiredCheckoutError')],
});

export const clientUpdateCheckout = operation({
  method: 'PATCH',
  path: '/v1/checkouts/client/{client_secret}',
  security: 'none',
  pathParams: bySecret,
  body: checkoutUpdatePublic,
  responses: [json(200, checkoutPublic)],
  errors: [...named('ResourceNotFound'), ...named('ExpiredCheckoutError'), ...named(...CHECKOUT_FORBIDDEN)],
});

export const clientConfirmCheckout = operation({
  method: 'POST',
  path: '/v1/checkouts/client/{client_secret}/confirm',
  security: 'none',
  pathParams: bySecret,
  body: checkoutConfirm,
  responses: [json(200, checkoutPublicConfirmed)],
  errors: [
    ...named('ResourceNotFound'),
    ...named('ExpiredCheckoutError'),
    ...named(...CHECKOUT_FORBIDDEN),
    ...named('PaymentError'),
  ],
});

export const checkoutsResource = (http: HttpClient) => ({
  list: listMethod(http, listCheckouts),
  create: (body: ClientInput<typeof checkoutCreate>, options?: CallOptions) => http.call(createCheckout, { body }, options),
  get: (id: string, options?: CallOptions) => http.call(getCheckout, { path: { id } }, options),
  update: (id: string, body: ClientInput<typeof checkoutUpdate>, options?: CallOptions) =>
    http.call(updateCheckout, { path: { id }, body }, options),
  /** Public calls: the client secret is the only credential; no token is sent. */
  client: {
    get: (clientSecret: string, options?: CallOptions) =>
      http.call(clientGetCheckout, { path: { clientSecret } }, options),
    update: (clientSecret: string, body: ClientInput<typeof checkoutUpdatePublic>, options?: CallOptions) =>
      http.call(clientUpdateCheckout, { path: { clientSecret }, body }, options),
    confirm: (clientSecret: string, body: ClientInput<typeof checkoutConfirm>, options?: CallOptions) =>
      http.call(clientConfirmCheckout, { path: { clientSecret }, body }, options),
  },
});
