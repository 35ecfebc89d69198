import { Oauth2AuthorizeResponseOauth2Authorize$inboundSchema } from '@polar-sh/sdk/models/operations/oauth2authorize.js';
import { TokenResponse$inboundSchema } from '@polar-sh/sdk/models/components/tokenresponse.js';
import { RevokeTokenResponse$inboundSchema } from '@polar-sh/sdk/models/components/revoketokenresponse.js';
import { IntrospectTokenResponse$inboundSchema } from '@polar-sh/sdk/models/components/introspecttokenresponse.js';
import { Oauth2UserinfoResponseOauth2Userinfo$inboundSchema } from '@polar-sh/sdk/models/operations/oauth2userinfo.js';
import { Organization$inboundSchema } from '@polar-sh/sdk/models/components/organization.js';
import { OrganizationsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/organizationslist.js';
import { WebhookEndpoint$inboundSchema } from '@polar-sh/sdk/models/components/webhookendpoint.js';
import { WebhooksListWebhookEndpointsResponse$inboundSchema } from '@polar-sh/sdk/models/operations/webhookslistwebhookendpoints.js';
import { WebhooksListWebhookDeliveriesResponse$inboundSchema } from '@polar-sh/sdk/models/operations/webhookslistwebhookdeliveries.js';
import { listResource, authorizeResponse, introspectTokenResponse, revokeTokenResponse, tokenResponse, userInfo, organization, webhookDelivery, webhookEndpoint } from '@ensemble/billing-client/schemas';
import { rawCall } from '../../billing-sandbox/sandbox-harness.js';
import { oracleGroup, sdkAnyJson, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, startWorld, type OracleWorld } from '../world.js';

const REDIRECT = 'http://localhost:9999/callback';
const tag = () => Math.random().toString(36).slice(2, 8);

/** Registers an OAuth2 client and walks the consent page to a token pair. */
async function oauth(w: OracleWorld) {
  const memo = w as OracleWorld & { oauth?: { clientId: string; clientSecret: string; token: { access_token: string; refresh_token: string } } };
  if (memo.oauth !== undefined) return memo.oauth;
  const registered = created<{ client_id: string; client_secret: string }>(await w.t.api('POST', '/v1/oauth2/register', { client_name: 'Ensemble CLI', redirect_uris: [REDIRECT], scope: 'openid products:read' }));
  const consent = await fetch(`${w.t.sandbox.url}/v1/oauth2/consent`, {
    method: 'POST', redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: registered.client_id, redirect_uri: REDIRECT, scope: 'openid products:read', state: 's1', organization_id: w.t.seed.organizationId, action: 'allow' }),
  });
  const code = new URL(consent.headers.get('location') as string).searchParams.get('code') as string;
  const token = created<{ access_token: string; refresh_token: string }>(await form(w, '/v1/oauth2/token', { grant_type: 'authorization_code', client_id: registered.client_id, client_secret: registered.client_secret, code, redirect_uri: REDIRECT }), 200);
  memo.oauth = { clientId: registered.client_id, clientSecret: registered.client_secret, token };
  return memo.oauth;
}

const form = async (w: OracleWorld, path: string, fields: Record<string, string>) => {
  const response = await fetch(w.t.sandbox.url + path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' }, body: new URLSearchParams(fields) });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, body: text === '' ? undefined : (JSON.parse(text) as unknown) };
};

/** OAuth2, organizations and webhooks (billing-api-part-b.md §7). */
export const platformGroup = oracleGroup<OracleWorld>({
  name: 'OAuth2, organizations and webhooks',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'GET /v1/oauth2/authorize',
      sdk: sdkJson(200, 'Oauth2AuthorizeResponseOauth2Authorize', Oauth2AuthorizeResponseOauth2Authorize$inboundSchema),
      client: authorizeResponse,
      cases: async (w) => {
        const { clientId } = await oauth(w);
        const query = `response_type=code&client_id=${clientId}&redirect_uri=${encodeURIComponent(REDIRECT)}&scope=openid%20products%3Aread&state=s2`;
        return cases({ organization: get(w, `/v1/oauth2/authorize?${query}`), 'no subject yet': w.t.api('GET', `/v1/oauth2/authorize?${query}&sub_type=user`) });
      },
    },
    {
      call: 'POST /v1/oauth2/token',
      sdk: sdkJson(200, 'TokenResponse', TokenResponse$inboundSchema),
      client: tokenResponse,
      cases: async (w) => {
        const o = await oauth(w);
        const refreshed = await form(w, '/v1/oauth2/token', { grant_type: 'refresh_token', client_id: o.clientId, client_secret: o.clientSecret, refresh_token: o.token.refresh_token });
        if (refreshed.status === 200) o.token = refreshed.body as typeof o.token; // the old pair is revoked by the refresh
        return [{ label: 'refreshed', answer: refreshed }];
      },
    },
    {
      call: 'POST /v1/oauth2/introspect',
      sdk: sdkJson(200, 'IntrospectTokenResponse', IntrospectTokenResponse$inboundSchema),
      client: introspectTokenResponse,
      cases: async (w) => {
        const o = await oauth(w);
        const fresh = await oauthRotate(w);
        return cases({ active: form(w, '/v1/oauth2/introspect', { token: fresh.access_token, token_type_hint: 'access_token', client_id: o.clientId, client_secret: o.clientSecret }) });
      },
    },
    {
      call: 'GET /v1/oauth2/userinfo',
      sdk: sdkJson(200, 'Oauth2UserinfoResponseOauth2Userinfo', Oauth2UserinfoResponseOauth2Userinfo$inboundSchema),
      client: userInfo,
      cases: async (w) => cases({ organization: rawCall(w.t.sandbox.url, 'GET', '/v1/oauth2/userinfo', undefined, (await oauthRotate(w)).access_token) }),
    },
    {
      call: 'POST /v1/oauth2/revoke',
      sdk: sdkJson(200, 'RevokeTokenResponse', RevokeTokenResponse$inboundSchema),
      client: revokeTokenResponse,
      cases: async (w) => {
        const o = await oauth(w);
        return cases({ revoked: form(w, '/v1/oauth2/revoke', { token: (await oauthRotate(w)).access_token, client_id: o.clientId, client_secret: o.clientSecret }) });
      },
    },
    {
      call: 'POST /v1/organizations/',
      sdk: sdkJson(201, 'Organization', Organization$inboundSchema),
      client: organization,
      cases: (w) => cases({
        'name and slug': w.t.api('POST', '/v1/organizations/', { name: 'Acme labs', slug: `acme-${tag()}` }),
        'every setting': w.t.api('POST', '/v1/organizations/', {
          name: 'Full org', slug: `full-${tag()}`, email: 'billing@example.com', website: 'https://example.com', socials: [{ platform: 'x', url: 'https://x.com/acme' }],
          subscription_settings: { allow_multiple_subscriptions: true, allow_customer_updates: true, proration_behavior: 'prorate' },
        }),
      }),
    },
    {
      call: 'GET /v1/organizations/',
      sdk: sdkPage('OrganizationsListResponse', OrganizationsListResponse$inboundSchema),
      client: listResource(organization),
      cases: (w) => cases({ page: get(w, '/v1/organizations/?limit=100') }),
    },
    {
      call: 'GET /v1/organizations/{id}',
      sdk: sdkJson(200, 'Organization', Organization$inboundSchema),
      client: organization,
      cases: (w) => cases({ seeded: get(w, `/v1/organizations/${w.t.seed.organizationId}`) }),
    },
    {
      call: 'PATCH /v1/organizations/{id}',
      sdk: sdkJson(200, 'Organization', Organization$inboundSchema),
      client: organization,
      cases: (w) => cases({ 'settings': w.t.api('PATCH', `/v1/organizations/${w.t.seed.organizationId}`, { website: 'https://ensemble.example', subscription_settings: { allow_multiple_subscriptions: false, allow_customer_updates: true, proration_behavior: 'invoice' } }) }),
    },
    {
      call: 'POST /v1/webhooks/endpoints',
      sdk: sdkJson(201, 'WebhookEndpoint', WebhookEndpoint$inboundSchema),
      client: webhookEndpoint,
      cases: (w) => cases({
        raw: w.t.api('POST', '/v1/webhooks/endpoints', { url: 'https://example.com/hooks', format: 'raw', events: ['order.paid', 'subscription.updated'] }),
        discord: w.t.api('POST', '/v1/webhooks/endpoints', { url: 'https://discord.com/api/webhooks/1/x', format: 'discord', events: ['order.paid'] }),
        slack: w.t.api('POST', '/v1/webhooks/endpoints', { url: 'https://hooks.slack.com/services/x', format: 'slack', events: ['order.paid'], secret: `whsec_${tag()}${tag()}` }),
      }),
    },
    {
      call: 'GET /v1/webhooks/endpoints',
      sdk: sdkPage('WebhooksListWebhookEndpointsResponse', WebhooksListWebhookEndpointsResponse$inboundSchema),
      client: listResource(webhookEndpoint),
      cases: (w) => cases({ page: get(w, '/v1/webhooks/endpoints?limit=100') }),
    },
    {
      call: 'GET /v1/webhooks/endpoints/{id}',
      sdk: sdkJson(200, 'WebhookEndpoint', WebhookEndpoint$inboundSchema),
      client: webhookEndpoint,
      cases: (w) => cases({ seeded: get(w, `/v1/webhooks/endpoints/${w.t.seed.webhookEndpointId}`) }),
    },
    {
      call: 'PATCH /v1/webhooks/endpoints/{id}',
      sdk: sdkJson(200, 'WebhookEndpoint', WebhookEndpoint$inboundSchema),
      client: webhookEndpoint,
      cases: async (w) => {
        const made = created(await w.t.api('POST', '/v1/webhooks/endpoints', { url: 'https://example.com/a', format: 'raw', events: ['order.paid'] }));
        return cases({ 'url and events': w.t.api('PATCH', `/v1/webhooks/endpoints/${made.id}`, { url: 'https://example.com/b', events: ['order.paid', 'order.refunded'], enabled: false }) });
      },
    },
    {
      call: 'DELETE /v1/webhooks/endpoints/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const made = created(await w.t.api('POST', '/v1/webhooks/endpoints', { url: 'https://example.com/c', format: 'raw', events: ['order.paid'] }));
        return cases({ deleted: w.t.api('DELETE', `/v1/webhooks/endpoints/${made.id}`) });
      },
    },
    {
      call: 'GET /v1/webhooks/deliveries',
      sdk: sdkPage('WebhooksListWebhookDeliveriesResponse', WebhooksListWebhookDeliveriesResponse$inboundSchema),
      client: listResource(webhookDelivery),
      cases: async (w) => {
        await w.t.sandbox.ctx.webhooks.idle();
        return cases({ 'failed attempts to a closed port': get(w, `/v1/webhooks/deliveries?endpoint_id=${w.t.seed.webhookEndpointId}&limit=100`) });
      },
    },
    {
      call: 'POST /v1/webhooks/events/{id}/redeliver',
      sdk: sdkAnyJson(202),
      cases: async (w) => {
        const page = created<{ items: { webhook_event: { id: string } }[] }>(await get(w, `/v1/webhooks/deliveries?endpoint_id=${w.t.seed.webhookEndpointId}`), 200);
        return cases({ redelivered: w.t.api('POST', `/v1/webhooks/events/${page.items[0]?.webhook_event.id}/redeliver`) });
      },
    },
  ],
});

/** A fresh token pair (each refresh rotates the pair, so each caller gets its own). */
async function oauthRotate(w: OracleWorld): Promise<{ access_token: string; refresh_token: string }> {
  const o = await oauth(w);
  const next = created<{ access_token: string; refresh_token: string }>(await form(w, '/v1/oauth2/token', { grant_type: 'refresh_token', client_id: o.clientId, client_secret: o.clientSecret, refresh_token: o.token.refresh_token }), 200);
  o.token = next;
  return next;
}
