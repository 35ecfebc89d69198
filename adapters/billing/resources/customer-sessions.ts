import type { CallOptions, HttpClient } from '../http/http-client.js';
import { json, operation, type ClientInput } from '../http/operation.js';
import { customerSession, customerSessionCreate } from '../schemas/customer-session.js';

/** POST /v1/customer-sessions/ (part B §7): a portal session for a customer id or an external id. */
export const createCustomerSession = operation({
  method: 'POST',
  path: '/v1/customer-sessions/',
  security: 'accessToken',
  body: customerSessionCreate,
  responses: [json(201, customerSession)],
});

export const customerSessionsResource = (http: HttpClient) => ({
  create: (body: ClientInput<typeof customerSessionCreate>, options?: CallOptions) =>
    http.call(createCustomerSession, { body }, options),
});
