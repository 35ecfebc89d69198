import { z } from 'zod';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { empty, json, named, operation, type ClientInput } from '../http/operation.js';
import { portalListMethod, withSession, type PortalAuth } from '../http/pagination.js';
import { portalCustomer } from '../schemas/benefit-grant.js';
import { listResource } from '../schemas/common.js';
import { paymentMethod, paymentMethodCreate, paymentMethodCreateResponse, portalCustomerUpdate } from '../schemas/portal-account.js';
import { pageQuery } from '../schemas/list-query.js';

/** The customer's own profile and payment methods (billing part A §7 "customers/me"). */
export const portalGetCustomer = operation({
  method: 'GET',
  path: '/v1/customer-portal/customers/me',
  security: 'customerSession',
  responses: [json(200, portalCustomer)],
});

export const portalUpdateCustomer = operation({
  method: 'PATCH',
  path: '/v1/customer-portal/customers/me',
  security: 'customerSession',
  body: portalCustomerUpdate,
  responses: [json(200, portalCustomer)],
});

export const portalListPaymentMethods = operation({
  method: 'GET',
  path: '/v1/customer-portal/customers/me/payment-methods',
  security: 'customerSession',
  query: z.object({ ...pageQuery }),
  responses: [json(200, listResource(paymentMethod))],
});

export const portalAddPaymentMethod = operation({
  method: 'POST',
  path: '/v1/customer-portal/customers/me/payment-methods',
  security: 'customerSession',
  body: paymentMethodCreate,
  responses: [json(201, paymentMethodCreateResponse)],
});

export const portalDeletePaymentMethod = operation({
  method: 'DELETE',
  path: '/v1/customer-portal/customers/me/payment-methods/{id}',
  security: 'customerSession',
  pathParams: z.object({ id: z.string().min(1) }),
  responses: [empty(204)],
  errors: named('ResourceNotFound'),
});

export const portalCustomersResource = (http: HttpClient) => ({
  get: (auth: PortalAuth, options?: CallOptions) => http.call(portalGetCustomer, {}, withSession(auth, options)),
  update: (auth: PortalAuth, body: ClientInput<typeof portalCustomerUpdate>, options?: CallOptions) =>
    http.call(portalUpdateCustomer, { body }, withSession(auth, options)),
  listPaymentMethods: portalListMethod(http, portalListPaymentMethods),
  addPaymentMethod: (auth: PortalAuth, body: ClientInput<typeof paymentMethodCreate>, options?: CallOptions) =>
    http.call(portalAddPaymentMethod, { body }, withSession(auth, options)),
  deletePaymentMethod: (auth: PortalAuth, id: string, options?: CallOptions) =>
    http.call(portalDeletePaymentMethod, { path: { id } }, withSession(auth, options)),
});
