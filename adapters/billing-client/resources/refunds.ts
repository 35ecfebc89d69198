import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { ids, pageQuery, sorting } from '../schemas/list-query.js';
import { refund, refundCreate } from '../schemas/refund.js';

/** Refunds of orders. */
export const refundOps = {
  list: operation({
    method: 'GET',
    path: '/v1/refunds/',
    security: 'accessToken',
    query: z.object({
      id: ids.nullable().optional(),
      organization_id: ids.nullable().optional(),
      order_id: ids.nullable().optional(),
      subscription_id: ids.nullable().optional(),
      customer_id: ids.nullable().optional(),
      succeeded: z.boolean().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['created_at', 'amount']),
    }),
    responses: [json(200, listResource(refund))],
  }),
  /** The server answers 201; older deployments 200. */
  create: operation({
    method: 'POST',
    path: '/v1/refunds/',
    security: 'accessToken',
    body: refundCreate,
    responses: [json(201, refund), json(200, refund)],
    errors: [...named('RefundedAlready', 'RefundAmountTooHigh')],
  }),
};
