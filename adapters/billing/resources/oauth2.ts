import type { CallOptions, HttpClient } from '../http/http-client.js';
import type { ClientInput } from '../http/operation.js';
import { json, operation } from '../http/operation.js';
import {
  authorizeQuery,
  authorizeResponse,
  introspectTokenResponse,
  revokeTokenResponse,
  tokenForm,
  tokenRequest,
  tokenResponse,
  userInfo,
} from '../schemas/oauth2.js';

/**
 * billing part B §7 "OAuth2". Token, revoke and introspect are form-encoded and authenticated by the
 * client credentials in the form, not by a bearer token.
 */
export const oauth2Ops = {
  authorize: operation({
    method: 'GET',
    path: '/v1/oauth2/authorize',
    security: 'optionalAccessToken',
    query: authorizeQuery,
    responses: [json(200, authorizeResponse)],
  }),
  token: operation({
    method: 'POST',
    path: '/v1/oauth2/token',
    security: 'none',
    body: tokenRequest,
    bodyEncoding: 'form',
    responses: [json(200, tokenResponse)],
  }),
  revoke: operation({
    method: 'POST',
    path: '/v1/oauth2/revoke',
    security: 'none',
    body: tokenForm,
    bodyEncoding: 'form',
    responses: [json(200, revokeTokenResponse)],
  }),
  introspect: operation({
    method: 'POST',
    path: '/v1/oauth2/introspect',
    security: 'none',
    body: tokenForm,
    bodyEncoding: 'form',
    responses: [json(200, introspectTokenResponse)],
  }),
  userinfo: operation({
    method: 'GET',
    path: '/v1/oauth2/userinfo',
    security: 'accessToken',
    responses: [json(200, userInfo)],
  }),
};

export const oauth2Resource = (http: HttpClient) => ({
  authorize: (query: ClientInput<typeof authorizeQuery> = {}, options?: CallOptions) =>
    http.call(oauth2Ops.authorize, { query }, options),
  token: (body: ClientInput<typeof tokenRequest>, options?: CallOptions) => http.call(oauth2Ops.token, { body }, options),
  revoke: (body: ClientInput<typeof tokenForm>, options?: CallOptions) => http.call(oauth2Ops.revoke, { body }, options),
  introspect: (body: ClientInput<typeof tokenForm>, options?: CallOptions) =>
    http.call(oauth2Ops.introspect, { body }, options),
  userinfo: (options?: CallOptions) => http.call(oauth2Ops.userinfo, {}, options),
});
