import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { id, ids, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';
import { payment } from '../schemas/payment.js';

/** Payments (the attempts behind orders). */
export const paymentOps = {
  list: operation({
    method: 'GET',
    path: '/v1/payments/',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      checkout_id: ids.nullable().optional(),
      order_id: ids.nullable().optional(),
      status: oneOrMany(z.enum(['pending', 'succeeded', 'failed'])).nullable().optional(),
      method: oneOrMany(z.string().min(1)).nullable().optional(),
      customer_email: oneOrMany(z.string().min(1)).nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'status', 'amount', 'method']),
    }),
    responses: [json(200, listResource(payment))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/payments/{id}',
    security: 'accessToken',
    pathParams: z.object({ id }),
    responses: [json(200, payment)],
    errors: [...named('ResourceNotFound')],
  }),
};
