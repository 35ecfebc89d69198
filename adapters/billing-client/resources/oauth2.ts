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
 * OAuth2. Token, revoke and introspect are form-encoded and authenticated by the
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
