import { z } from 'zod';
import { dateTime, int, openEnum } from './common.js';

/** OAuth2; subject types are literals in the provider's schemas. */
export const subType = openEnum(['user', 'organization'] as const);

const oauth2ClientPublic = z.object({
  created_at: dateTime,
  modified_at: dateTime.nullable(),
  client_id: z.string(),
  client_name: z.string().nullable(),
  client_uri: z.string().nullable(),
  logo_uri: z.string().nullable(),
  tos_uri: z.string().nullable(),
  policy_uri: z.string().nullable(),
});

const authorizeUser = z.object({ id: z.string(), email: z.string(), avatar_url: z.string().nullable() });
const authorizeOrganization = z.object({ id: z.string(), slug: z.string(), avatar_url: z.string().nullable() });

export const authorizeResponse = z.discriminatedUnion('sub_type', [
  z.object({
    client: oauth2ClientPublic,
    sub_type: z.literal('user'),
    sub: authorizeUser.nullable(),
    scopes: z.array(z.string()),
  }),
  z.object({
    client: oauth2ClientPublic,
    sub_type: z.literal('organization'),
    sub: authorizeOrganization.nullable(),
    scopes: z.array(z.string()),
    organizations: z.array(authorizeOrganization),
  }),
]);

/** Query of the authorize page: standard OAuth2 parameters, all passed through as given. */
export const authorizeQuery = z.object({
  response_type: z.literal('code').optional(),
  client_id: z.string().min(1).optional(),
  redirect_uri: z.string().optional(),
  scope: z.string().optional(),
  state: z.string().optional(),
  code_challenge: z.string().optional(),
  code_challenge_method: z.enum(['plain', 'S256']).optional(),
  sub_type: z.enum(['user', 'organization']).optional(),
  prompt: z.enum(['none', 'consent', 'login', 'select_account']).optional(),
});

export const tokenRequest = z.discriminatedUnion('grant_type', [
  z.object({
    grant_type: z.literal('authorization_code'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    code: z.string().min(1),
    redirect_uri: z.string().min(1),
  }),
  z.object({
    grant_type: z.literal('refresh_token'),
    client_id: z.string().min(1),
    client_secret: z.string().min(1),
    refresh_token: z.string().min(1),
  }),
]);

export const tokenResponse = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: int,
  refresh_token: z.string().nullable(),
  scope: z.string(),
  id_token: z.string(),
});

export const tokenTypeHint = z.enum(['access_token', 'refresh_token']);

/** Revoke and introspect share one form. */
export const tokenForm = z.object({
  token: z.string().min(1),
  token_type_hint: tokenTypeHint.nullable().optional(),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
});

export const revokeTokenResponse = z.object({});

/** A live token carries its facts; a dead or unknown one is answered as `{"active": false}` alone. */
const activeTokenIntrospection = z.object({
  active: z.literal(true),
  client_id: z.string(),
  token_type: openEnum(['access_token', 'refresh_token'] as const),
  scope: z.string(),
  sub_type: subType,
  sub: z.string(),
  aud: z.string(),
  iss: z.string(),
  exp: int,
  iat: int,
});
export const introspectTokenResponse = z.union([activeTokenIntrospection, z.object({ active: z.literal(false) })]);

/** A user subject carries e-mail facts; an organization subject only its name. */
export const userInfo = z.object({
  sub: z.string(),
  name: z.string().nullable(),
  email: z.string().optional(),
  email_verified: z.boolean().optional(),
});
