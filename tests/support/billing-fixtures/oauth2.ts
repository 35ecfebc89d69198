import { CREATED, ORG_ID } from './ids.js';

const client = {
  created_at: CREATED,
  modified_at: null,
  client_id: 'polar_ci_hT3kq0Yc9n1pVw8sXe2RbA',
  client_name: 'Ensemble CLI',
  client_uri: 'https://ensemble.example.com',
  logo_uri: null,
  tos_uri: null,
  policy_uri: null,
};

export const authorizeOrganizationWire = () => ({
  client,
  sub_type: 'organization',
  sub: null,
  scopes: ['openid', 'customers:read', 'subscriptions:write'],
  organizations: [{ id: ORG_ID, slug: 'ensemble', avatar_url: null }],
});

export const tokenWire = () => ({
  access_token: 'polar_at_o_k2J9dQm4Rz7Lx1Vb8Nc5Tg0Hs3Wy6Pf2Ea9Ku4Io1',
  token_type: 'Bearer',
  expires_in: 864000,
  refresh_token: 'polar_rt_o_Zq8Wm2Xn5Bv7Cl1Kj4Hg6Fd9Sa3Po0Iu2Yt5Re8',
  scope: 'openid customers:read',
  id_token: 'eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiIzZjlhIn0.c2ln',
});

export const introspectWire = () => ({
  active: true,
  client_id: client.client_id,
  token_type: 'access_token',
  scope: 'openid customers:read',
  sub_type: 'organization',
  sub: ORG_ID,
  aud: client.client_id,
  iss: 'https://api.polar.sh',
  exp: 1_780_000_000,
  iat: 1_779_136_000,
});

export const userInfoWire = () => ({ sub: ORG_ID, name: 'Ensemble' });
