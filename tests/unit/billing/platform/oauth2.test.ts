import { afterEach, describe, expect, it } from 'vitest';
import { ORG_ID } from '../../../support/billing-fixtures/ids.js';
import { authorizeOrganizationWire, introspectWire, tokenWire, userInfoWire } from '../../../support/billing-fixtures/oauth2.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

const client = { clientId: 'polar_ci_hT3kq0Yc9n1pVw8sXe2RbA', clientSecret: 'polar_cs_Xb7Nm2Qw4Er6Ty8Ui0Op2As4Df6Gh8Jk0Lz' };

describe('OAuth2 (billing-api-part-b.md §7 "OAuth2")', () => {
  const api = mockBilling();
  const oauth2 = api.client.oauth2;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §3: authorize returns the client, the subject type, scopes and organizations', async () => {
    api.json(200, authorizeOrganizationWire());
    const answer = dataOf(await oauth2.authorize({ clientId: client.clientId, responseType: 'code', scope: 'openid customers:read' }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/oauth2/authorize']);
    expect(api.last().query).toEqual([
      ['response_type', 'code'],
      ['client_id', client.clientId],
      ['scope', 'openid customers:read'],
    ]);
    expect(answer.subType).toBe('organization');
    expect(answer.client.clientName).toBe('Ensemble CLI');
    if (answer.subType === 'organization') expect(answer.organizations[0]?.slug).toBe('ensemble');
  });

  it('billing-api-part-b.md §7: token is form-encoded for the authorization_code grant, without a bearer token', async () => {
    api.json(200, tokenWire());
    const token = dataOf(
      await oauth2.token({ grantType: 'authorization_code', ...client, code: 'polar_ac_abc', redirectUri: 'https://ensemble.example.com/cb' }),
    );
    const sent = api.last();
    expect([sent.method, sent.path]).toEqual(['POST', '/v1/oauth2/token']);
    expect(sent.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({
      grant_type: 'authorization_code',
      client_id: client.clientId,
      client_secret: client.clientSecret,
      code: 'polar_ac_abc',
      redirect_uri: 'https://ensemble.example.com/cb',
    });
    expect(token).toMatchObject({ tokenType: 'Bearer', expiresIn: 864000, refreshToken: expect.stringMatching(/^polar_rt_/) });
  });

  it('billing-api-part-b.md §7: the refresh_token grant sends the refresh token; a grant missing its fields is refused', async () => {
    api.json(200, tokenWire());
    dataOf(await oauth2.token({ grantType: 'refresh_token', ...client, refreshToken: 'polar_rt_o_x' }));
    expect(api.last().body).toMatchObject({ grant_type: 'refresh_token', refresh_token: 'polar_rt_o_x' });
    const before = api.seen.length;
    expect(errorOf(await oauth2.token({ grantType: 'refresh_token', ...client } as never)).kind).toBe('input_validation');
    expect(api.seen).toHaveLength(before);
  });

  it('billing-api-part-b.md §7: revoke and introspect post the same form', async () => {
    api.json(200, {});
    dataOf(await oauth2.revoke({ token: 'polar_at_o_x', tokenTypeHint: 'access_token', ...client }));
    expect([api.last().path, api.last().headers['content-type']]).toEqual(['/v1/oauth2/revoke', 'application/x-www-form-urlencoded']);
    expect(api.last().body).toEqual({ token: 'polar_at_o_x', token_type_hint: 'access_token', client_id: client.clientId, client_secret: client.clientSecret });

    api.json(200, introspectWire());
    const info = dataOf(await oauth2.introspect({ token: 'polar_at_o_x', ...client }));
    expect(api.last().path).toBe('/v1/oauth2/introspect');
    expect(info).toMatchObject({ active: true, subType: 'organization', sub: ORG_ID, exp: 1_780_000_000 });
  });

  it('billing-api-part-b.md §7: a dead or unknown token introspects as {active: false} alone', async () => {
    api.json(200, { active: false });
    expect(dataOf(await oauth2.introspect({ token: 'polar_at_o_revoked', ...client }))).toEqual({ active: false });
  });

  it('billing-api-part-b.md §7: a token type hint other than access_token or refresh_token is refused', async () => {
    expect(errorOf(await oauth2.introspect({ token: 't', tokenTypeHint: 'id_token' as never, ...client })).kind).toBe('input_validation');
  });

  it('billing-api-part-b.md §3: userinfo answers the subject and name; e-mail is optional', async () => {
    api.json(200, userInfoWire());
    expect(dataOf(await oauth2.userinfo())).toEqual({ sub: ORG_ID, name: 'Ensemble' });
    expect([api.last().method, api.last().path, api.last().headers.authorization]).toEqual(['GET', '/v1/oauth2/userinfo', expect.stringMatching(/^Bearer /)]);
  });

  it('reference §6: an invalid token on userinfo is the typed invalid_token error', async () => {
    api.json(401, { error: 'invalid_token', error_description: 'The access token provided is expired, revoked, malformed, or invalid for other reasons.' });
    expect(errorOf(await oauth2.userinfo()).kind).toBe('invalid_token');
  });
});
