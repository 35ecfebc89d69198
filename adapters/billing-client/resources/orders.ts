import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { id, ids, metadataFilter, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';
import { order, orderInvoice, orderUpdate, productBillingType } from '../schemas/order.js';

const byId = z.object({ id });

/**
 * Invoice generation answers 202 with a JSON `null` (reference §4); an empty 202 is accepted as well.
 * Refusals: 409 for an order that cannot have one (or, on older servers, already has one), 422 when
 * billing details are missing or the order is unpaid.
 */
export const invoiceGenerationAnswers = [json(202, z.null()), empty(202)];
export const invoiceGenerationErrors = [
  ...named('ResourceNotFound'),
  ...named('InvoiceAlreadyExists', 'OrderNotEligibleForInvoice'),
  ...named('MissingInvoiceBillingDetails', 'NotPaidOrder'),
];

/** Orders, seller side. */
export const orderOps = {
  list: operation({
    method: 'GET',
    path: '/v1/orders/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      product_id: ids.nullable().optional(),
      product_billing_type: oneOrMany(productBillingType).nullable().optional(),
      discount_id: ids.nullable().optional(),
      customer_id: ids.nullable().optional(),
      checkout_id: ids.nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'amount', 'net_amount', 'customer', 'product', 'discount', 'subscription']),
      metadata: metadataFilter.nullable().optional(),
    }),
    responses: [json(200, listResource(order))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/orders/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, order)],
    errors: [...named('ResourceNotFound')],
  }),
  update: operation({
    method: 'PATCH',
    path: '/v1/orders/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: orderUpdate,
    bodyKey: 'orderUpdate',
    responses: [json(200, order)],
    errors: [...named('ResourceNotFound')],
  }),
  generateInvoice: operation({
    method: 'POST',
    path: '/v1/orders/{id}/invoice',
    security: 'accessToken',
    pathParams: byId,
    responses: invoiceGenerationAnswers,
    errors: invoiceGenerationErrors,
  }),
  invoice: operation({
    method: 'GET',
    path: '/v1/orders/{id}/invoice',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, orderInvoice)],
    errors: [...named('ResourceNotFound', 'InvoiceDoesNotExist')],
  }),
};
