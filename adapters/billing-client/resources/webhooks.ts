import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { dateTime, listResource } from '../schemas/common.js';
import { id, ids, oneOrMany, pageQuery } from '../schemas/list-query.js';
import { webhookDelivery, webhookEndpoint, webhookEndpointCreate, webhookEndpointUpdate, webhookEventTypes } from '../schemas/webhook-endpoint.js';

const byId = z.object({ id });

/** Webhooks: endpoints, deliveries and redelivery. */
export const webhookOps = {
  listEndpoints: operation({
    method: 'GET',
    path: '/v1/webhooks/endpoints',
    security: 'accessToken',
    query: z.object({ organization_id: ids.nullable().optional(), ...pageQuery }),
    responses: [json(200, listResource(webhookEndpoint))],
  }),
  createEndpoint: operation({
    method: 'POST',
    path: '/v1/webhooks/endpoints',
    security: 'accessToken',
    body: webhookEndpointCreate,
    responses: [json(201, webhookEndpoint)],
  }),
  getEndpoint: operation({
    method: 'GET',
    path: '/v1/webhooks/endpoints/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(200, webhookEndpoint)],
    errors: [...named('ResourceNotFound')],
  }),
  updateEndpoint: operation({
    method: 'PATCH',
    path: '/v1/webhooks/endpoints/{id}',
    security: 'accessToken',
    pathParams: byId,
    body: webhookEndpointUpdate,
    bodyKey: 'webhookEndpointUpdate',
    responses: [json(200, webhookEndpoint)],
    errors: [...named('ResourceNotFound')],
  }),
  deleteEndpoint: operation({
    method: 'DELETE',
    path: '/v1/webhooks/endpoints/{id}',
    security: 'accessToken',
    pathParams: byId,
    responses: [empty(204)],
    errors: [...named('ResourceNotFound')],
  }),
  listDeliveries: operation({
    method: 'GET',
    path: '/v1/webhooks/deliveries',
    security: 'accessToken',
    query: z.object({
      endpoint_id: ids.nullable().optional(),
      start_timestamp: dateTime.nullable().optional(),
      end_timestamp: dateTime.nullable().optional(),
      succeeded: z.boolean().nullable().optional(),
      /** Text searched in the event's payload. */
      query: z.string().nullable().optional(),
      http_code_class: z.enum(['2xx', '3xx', '4xx', '5xx']).nullable().optional(),
      event_type: oneOrMany(z.enum(webhookEventTypes)).nullable().optional(),
      ...pageQuery,
    }),
    responses: [json(200, listResource(webhookDelivery))],
  }),
  /** 202 with a JSON `null` body (reference §4); an empty body is accepted too. */
  redeliverEvent: operation({
    method: 'POST',
    path: '/v1/webhooks/events/{id}/redeliver',
    security: 'accessToken',
    pathParams: byId,
    responses: [json(202, z.null()), empty(202)],
    errors: [...named('ResourceNotFound')],
  }),
};
