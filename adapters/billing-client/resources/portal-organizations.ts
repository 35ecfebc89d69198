import { z } from 'zod';
import { json, named, operation } from '../http/operation.js';
import { customerOrganizationData } from '../schemas/portal-views.js';

/** The storefront by slug, callable without any token. */
export const portalOrganizationOps = {
  get: operation({
    method: 'GET',
    path: '/v1/customer-portal/organizations/{slug}',
    security: 'optionalAccessToken',
    pathParams: z.object({ slug: z.string().min(1) }),
    responses: [json(200, customerOrganizationData)],
    errors: [...named('ResourceNotFound')],
  }),
};
