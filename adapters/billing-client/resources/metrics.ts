import { z } from 'zod';
import { json, operation } from '../http/operation.js';
import { ids, oneOrMany } from '../schemas/list-query.js';
import { isoDate, metricsLimits, metricsResponse, timeInterval } from '../schemas/metrics.js';

/** Metrics and their limits; dates are YYYY-MM-DD. */
export const metricOps = {
  get: operation({
    method: 'GET',
    path: '/v1/metrics/',
    security: 'accessToken',
    query: z
      .object({
        start_date: isoDate,
        end_date: isoDate,
        timezone: z.string().min(1).default('UTC'),
        interval: timeInterval,
        organization_id: ids.nullable().optional(),
        product_id: ids.nullable().optional(),
        billing_type: oneOrMany(z.enum(['one_time', 'recurring'])).nullable().optional(),
        customer_id: ids.nullable().optional(),
      })
      .refine((q) => q.start_date <= q.end_date, { message: 'start_date must not be after end_date', path: ['end_date'] }),
    responses: [json(200, metricsResponse)],
  }),
  limits: operation({
    method: 'GET',
    path: '/v1/metrics/limits',
    security: 'accessToken',
    responses: [json(200, metricsLimits)],
  }),
};
