import { z } from 'zod';
import { empty, json, named, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { id, ids, pageQuery } from '../schemas/list-query.js';
import { webhookDelivery, webhookEndpoint, webhookEndpointCreate, webhookEndpointUpdate } from '../schemas/webhook-endpoint.js';
import type { CallOptions, HttpClient } from '../http/http-client.js';
import { listMethod } from '../http/pagination.js';
import type { ClientInput } from '../http/operation.js';

const byId = z.object({ id });

/** billing part B §7 "Webhooks": endpoints, deliveries and redelivery. */
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
    query: z.object({ endpoint_id: ids.nullable().optional(), ...pageQuery }),
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

export const webhooksResource = (http: HttpClient) => ({
  listEndpoints: listMethod(http, webhookOps.listEndpoints),
  createEndpoint: (body: ClientInput<typeof webhookEndpointCreate>, options?: CallOptions) =>
    http.call(webhookOps.createEndpoint, { body }, options),
  getEndpoint: (id: string, options?: CallOptions) => http.call(webhookOps.getEndpoint, { path: { id } }, options),
  updateEndpoint: (id: string, body: ClientInput<typeof webhookEndpointUpdate>, options?: CallOptions) =>
    http.call(webhookOps.updateEndpoint, { path: { id }, body }, options),
  deleteEndpoint: (id: string, options?: CallOptions) => http.call(webhookOps.deleteEndpoint, { path: { id } }, options),
  listDeliveries: listMethod(http, webhookOps.listDeliveries),
  /** Resolves with `undefined` once the provider accepted the redelivery (202). */
  redeliverEvent: (id: string, options?: CallOptions) => http.call(webhookOps.redeliverEvent, { path: { id } }, options),
});
