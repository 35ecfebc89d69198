import { Benefit$inboundSchema } from '@polar-sh/sdk/models/components/benefit.js';
import { BenefitsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/benefitslist.js';
import { BenefitsGrantsResponse$inboundSchema } from '@polar-sh/sdk/models/operations/benefitsgrants.js';
import { benefit, benefitGrant, listResource } from '@ensemble/billing-client/schemas';
import { oracleGroup, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, richBuyer, startWorld, type OracleWorld } from '../world.js';

/** Benefits of every type and their grants, seller side (billing-api-part-a.md §7). */
export const benefitsGroup = oracleGroup<OracleWorld>({
  name: 'benefits and grants',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'POST /v1/benefits/',
      sdk: sdkJson(201, 'Benefit', Benefit$inboundSchema),
      client: benefit,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const meter = rich.meterId;
        return cases({
          custom: w.t.api('POST', '/v1/benefits/', { type: 'custom', description: 'Onboarding call', properties: { note: null } }),
          discord: w.t.api('POST', '/v1/benefits/', { type: 'discord', description: 'Discord', properties: { guild_token: 'g-2', role_id: 'r-2', kick_member: true } }),
          downloadables: w.t.api('POST', '/v1/benefits/', { type: 'downloadables', description: 'Files', properties: { files: [rich.fileId], archived: {} } }),
          github_repository: w.t.api('POST', '/v1/benefits/', { type: 'github_repository', description: 'Repo', properties: { repository_owner: 'ensemble', repository_name: 'docs', permission: 'triage' } }),
          'license_keys (no limits)': w.t.api('POST', '/v1/benefits/', { type: 'license_keys', description: 'Keys', properties: {} }),
          'license_keys (every limit)': w.t.api('POST', '/v1/benefits/', { type: 'license_keys', description: 'Keys', properties: { prefix: 'ENS', expires: { ttl: 30, timeframe: 'day' }, activations: { limit: 3, enable_customer_admin: false }, limit_usage: 100 } }),
          meter_credit: w.t.api('POST', '/v1/benefits/', { type: 'meter_credit', description: 'Credits', properties: { units: 50, rollover: false, meter_id: meter } }),
          feature_flag: w.t.api('POST', '/v1/benefits/', { type: 'feature_flag', description: 'Flag', properties: {}, metadata: { plan: 'pro' } }),
        });
      },
    },
    {
      call: 'GET /v1/benefits/',
      sdk: sdkPage('BenefitsListResponse', BenefitsListResponse$inboundSchema),
      client: listResource(benefit),
      cases: async (w) => {
        await richBuyer(w);
        return cases({ 'every type': get(w, '/v1/benefits/?limit=100'), 'one type, second page': get(w, '/v1/benefits/?type=custom&limit=1&page=2') });
      },
    },
    {
      call: 'GET /v1/benefits/{id}',
      sdk: sdkJson(200, 'Benefit', Benefit$inboundSchema),
      client: benefit,
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases(Object.fromEntries(Object.entries(rich.benefits).map(([type, id]) => [type, get(w, `/v1/benefits/${id}`)])));
      },
    },
    {
      call: 'PATCH /v1/benefits/{id}',
      sdk: sdkJson(200, 'Benefit', Benefit$inboundSchema),
      client: benefit,
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({
          custom: w.t.api('PATCH', `/v1/benefits/${rich.benefits.custom}`, { type: 'custom', description: 'Premium support', properties: { note: 'Mail us' } }),
          license_keys: w.t.api('PATCH', `/v1/benefits/${rich.benefits.license_keys}`, { type: 'license_keys', metadata: { tier: 'gold' } }),
          meter_credit: w.t.api('PATCH', `/v1/benefits/${rich.benefits.meter_credit}`, { type: 'meter_credit', properties: { units: 2000, rollover: true, meter_id: rich.meterId } }),
        });
      },
    },
    {
      call: 'DELETE /v1/benefits/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const spare = created(await w.t.api('POST', '/v1/benefits/', { type: 'custom', description: 'To delete', properties: {} }));
        return cases({ deleted: w.t.api('DELETE', `/v1/benefits/${spare.id}`) });
      },
    },
    {
      call: 'GET /v1/benefits/{id}/grants',
      sdk: sdkPage('BenefitsGrantsResponse', BenefitsGrantsResponse$inboundSchema),
      client: listResource(benefitGrant),
      cases: async (w) => {
        const rich = await richBuyer(w);
        const pages: Record<string, ReturnType<typeof get>> = {};
        for (const [type, id] of Object.entries(rich.benefits)) pages[type] = get(w, `/v1/benefits/${id}/grants`);
        // A revoked grant: the product loses the custom benefit and the subscription is revoked.
        const revoked = created(await w.t.api('DELETE', `/v1/subscriptions/${rich.buyer.subscriptionId}`), 200);
        pages[`revoked (${String(revoked.status)})`] = get(w, `/v1/benefits/${rich.benefits.custom}/grants?is_granted=false`);
        return cases(pages);
      },
    },
  ],
});
