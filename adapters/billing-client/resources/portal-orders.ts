import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { customerOrder } from '../schemas/portal-views.js';
import { id, ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';
import { orderInvoice, orderUpdate, productBillingType } from '../schemas/order.js';

import { invoiceGenerationAnswers, invoiceGenerationErrors } from './orders.js';

const byId = z.object({ id });

/** The customer's own orders and invoices (session token). */
export const portalOrderOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customer-portal/orders/',
    security: 'customerSession',
    query: z.object({
      organization_id: ids.nullable().optional(),
      product_id: ids.nullable().optional(),
      product_billing_type: oneOrMany(productBillingType).nullable().optional(),
      subscription_id: ids.nullable().optional(),
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'amount', 'net_amount', 'product', 'subscription']),
    }),
    responses: [json(200, listResource(customerOrder))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/orders/{id}',
    security: 'customerSession',
    pathParams: byId,
    responses: [json(200, customerOrder)],
    errors: [...named('ResourceNotFound')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/customer-portal/orders/{id}',
    security: 'customerSession',
    pathParams: byId,
    body: orderUpdate,
    bodyKey: 'customerOrderUpdate',
    responses: [json(200, customerOrder)],
    errors: [...named('ResourceNotFound')],
  }),
  generateInvoice: operation({
    method: 'POST',
    path: '/v1/customer-portal/orders/{id}/invoice',
    security: 'customerSession',
    pathParams: byId,
    responses: invoiceGenerationAnswers,
    errors: invoiceGenerationErrors,
  }),
  invoice: operation({
    method: 'GET',
    path: '/v1/customer-portal/orders/{id}/invoice',
    security: 'customerSession',
    pathParams: byId,
    responses: [json(200, orderInvoice)],
    errors: [...named('ResourceNotFound', 'InvoiceDoesNotExist')],
  }),
};
