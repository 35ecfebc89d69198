import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { portalCustomer } from '../schemas/benefit-grant.js';
import { listResource } from '../schemas/common.js';
import { paymentMethod, paymentMethodCreate, paymentMethodCreateResponse, portalCustomerUpdate } from '../schemas/portal-account.js';
import { pageQuery } from '../schemas/list-query.js';

/** The customer's own profile and payment methods (`customers/me`). */
export const portalCustomerOps = {
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/customers/me',
    security: 'customerSession',
    responses: [json(200, portalCustomer)],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/customer-portal/customers/me',
    security: 'customerSession',
    body: portalCustomerUpdate,
    responses: [json(200, portalCustomer)],
  }),
  listPaymentMethods: operation({
    method: 'GET',
    path: '/v1/customer-portal/customers/me/payment-methods',
    security: 'customerSession',
    query: z.object({ ...pageQuery }),
    responses: [json(200, listResource(paymentMethod))],
  }),
  addPaymentMethod: operation({
    method: 'POST',
    path: '/v1/customer-portal/customers/me/payment-methods',
    security: 'customerSession',
    body: paymentMethodCreate,
    responses: [json(201, paymentMethodCreateResponse)],
  }),
  deletePaymentMethod: operation({
    method: 'DELETE',
    path: '/v1/customer-portal/customers/me/payment-methods/{id}',
    security: 'customerSession',
    pathParams: z.object({ id: z.string().min(1) }),
    responses: [empty(204)],
    errors: named('ResourceNotFound'),
  }),
};
