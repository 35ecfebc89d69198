import { z } from 'zod';
import { json, operation } from '../http/operation.js';
import { listResource } from '../schemas/common.js';
import { downloadable } from '../schemas/portal-account.js';
import { ids, pageQuery } from '../schemas/list-query.js';

/** The files the customer's benefits let them download. */
export const portalDownloadableOps = {
  list: operation({
    method: 'GET',
    path: '/v1/customer-portal/downloadables/',
    security: 'customerSession',
    query: z.object({
      organization_id: ids.nullable().optional(),
      benefit_id: ids.nullable().optional(),
      ...pageQuery,
    }),
    responses: [json(200, listResource(downloadable))],
  }),
};
