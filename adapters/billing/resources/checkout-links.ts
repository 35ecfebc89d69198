import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { empty, json, named, operation, type ClientInput } from '../http/operation.js';
import { listMethod } from '../http/pagination.js';
import { checkoutLink, checkoutLinkCreate, checkoutLinkUpdate } from '../schemas/checkout-link.js';
import { listResource } from '../schemas/common.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';

/** Checkout links (billing part A §7 "Checkout links"). */
const byId = z.object({ id: z.string().min(1) });

export const listCheckoutLinks = operation({
  method: 'GET',
  path: '/v1/checkout-links/',
  security: 'accessToken',
  query: z.object({
    organization_id: ids.nullable().optional(),
    product_id: ids.nullable().optional(),
    ...pageQuery,
    sorting: sorting(['created_at', 'label', 'success_url', 'allow_discount_codes']),
  }),
  responses: [json(200, listResource(checkoutLink))],
});

export const createCheckoutLink = operation({
  method: 'POST',
  path: '/v1/checkout-links/',
  security: 'accessToken',
  body: checkoutLinkCreate,
  responses: [json(201, checkoutLink)],
});

export const getCheckoutLink = operation({
  method: 'GET',
  path: '/v1/checkout-links/{id}',
  security: 'accessToken',
  pathParams: byId,
  responses: [json(200, checkoutLink)],
  errors: named('ResourceNotFound'),
});

export const updateCheckoutLink = operation({
  method: 'PATCH',
  path: '/v1/checkout-links/{id}',
  security: 'accessToken',
  pathParams: byId,
  body: checkoutLinkUpdate,
  responses: [json(200, checkoutLink)],
  errors: named('ResourceNotFound'),
});

export const deleteCheckoutLink = operation({
  method: 'DELETE',
  path: '/v1/checkout-links/{id}',
  security: 'accessToken',
  pathParams: byId,
  responses: [empty(204)],
  errors: named('ResourceNotFound'),
});

export const checkoutLinksResource = (http: HttpClient) => ({
  list: listMethod(http, listCheckoutLinks),
  create: (body: ClientInput<typeof checkoutLinkCreate>, options?: CallOptions) =>
    http.call(createCheckoutLink, { body }, options),
  get: (id: string, options?: CallOptions) => http.call(getCheckoutLink, { path: { id } }, options),
  update: (id: string, body: ClientInput<typeof checkoutLinkUpdate>, options?: CallOptions) =>
    http.call(updateCheckoutLink, { path: { id }, body }, options),
  delete: (id: string, options?: CallOptions) => http.call(deleteCheckoutLink, { path: { id } }, options),
});
