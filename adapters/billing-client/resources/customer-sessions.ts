import { json, operation } from '../http/operation.js';
import { customerSession, customerSessionCreate } from '../schemas/customer-session.js';

/** Customer sessions: a portal session for a customer id or an external id. */
export const customerSessionOps = {
  create: operation({
    method: 'POST',
    path: '/v1/customer-sessions/',
    security: 'accessToken',
    body: customerSessionCreate,
    responses: [json(201, customerSession)],
  }),
};
