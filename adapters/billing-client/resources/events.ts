import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { dateTime, listResource } from '../schemas/common.js';
import { event, eventName, eventSources, eventsIngest, eventsIngestResponse } from '../schemas/event.js';
import { id, ids, metadataFilter, oneOrMany, pageQuery, sorting } from '../schemas/list-query.js';

const source = oneOrMany(z.enum(eventSources)).nullable().optional();

/** Events: ingestion, listing and the names seen. */
export const eventOps = {
  list: operation({
    method: 'GET',
    path: '/v1/events/',
    security: 'accessToken',
    query: z.object({
      /** A JSON-encoded filter, passed as the provider documents it. */
      filter: z.string().nullable().optional(),
      start_timestamp: dateTime.nullable().optional(),
      end_timestamp: dateTime.nullable().optional(),
      organization_id: ids.nullable().optional(),
      customer_id: ids.nullable().optional(),
      external_customer_id: ids.nullable().optional(),
      meter_id: id.nullable().optional(),
      name: oneOrMany(z.string().min(1)).nullable().optional(),
      source,
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['timestamp']),
      metadata: metadataFilter.nullable().optional(),
    }),
    responses: [json(200, listResource(event))],
  }),
  listNames: operation({
    method: 'GET',
    path: '/v1/events/names',
    security: 'accessToken',
    query: z.object({
      organization_id: ids.nullable().optional(),
      customer_id: ids.nullable().optional(),
      external_customer_id: ids.nullable().optional(),
      source,
      query: z.string().nullable().optional(),
      ...pageQuery,
      sorting: sorting(['name', 'occurrences', 'first_seen', 'last_seen']),
    }),
    responses: [json(200, listResource(eventName))],
  }),
  get: operation({
    method: 'GET',
    path: '/v1/events/{id}',
    security: 'accessToken',
    pathParams: z.object({ id }),
    responses: [json(200, event)],
    errors: [...named('ResourceNotFound')],
  }),
  ingest: operation({
    method: 'POST',
    path: '/v1/events/ingest',
    security: 'accessToken',
    body: eventsIngest,
    responses: [json(200, eventsIngestResponse)],
  }),
};
