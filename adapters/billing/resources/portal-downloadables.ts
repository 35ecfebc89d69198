import { z } from 'zod';
import type { HttpClient } from '../http/http-client.js';
import { json, operation } from '../http/operation.js';
import { portalListMethod } from '../http/pagination.js';
import { listResource } from '../schemas/common.js';
import { downloadable } from '../schemas/portal-account.js';
import { ids, pageQuery } from '../schemas/list-query.js';

/** GET /v1/customer-portal/downloadables/ (billing part A §7). */
export const portalListDownloadables = operation({
  method: 'GET',
  path: '/v1/customer-portal/downloadables/',
  security: 'customerSession',
  query: z.object({
    organization_id: ids.nullable().optional(),
    benefit_id: ids.nullable().optional(),
    ...pageQuery,
  }),
  responses: [json(200, listResource(downloadable))],
});

export const portalDownloadablesResource = (http: HttpClient) => ({
  list: portalListMethod(http, portalListDownloadables),
});
