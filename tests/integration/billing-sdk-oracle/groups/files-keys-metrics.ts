import { FileUpload$inboundSchema } from '@polar-sh/sdk/models/components/fileupload.js';
import { FilesListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/fileslist.js';
import { FilesUpdateResponseFilesUpdate$inboundSchema } from '@polar-sh/sdk/models/operations/filesupdate.js';
import { FilesUploadedResponseFilesUploaded$inboundSchema } from '@polar-sh/sdk/models/operations/filesuploaded.js';
import { LicenseKeysListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/licensekeyslist.js';
import { LicenseKeyWithActivations$inboundSchema } from '@polar-sh/sdk/models/components/licensekeywithactivations.js';
import { LicenseKeyRead$inboundSchema } from '@polar-sh/sdk/models/components/licensekeyread.js';
import { LicenseKeyActivationRead$inboundSchema } from '@polar-sh/sdk/models/components/licensekeyactivationread.js';
import { MetricsResponse$inboundSchema } from '@polar-sh/sdk/models/components/metricsresponse.js';
import { MetricsLimits$inboundSchema } from '@polar-sh/sdk/models/components/metricslimits.js';
import { listResource, fileRead, fileUpload, licenseKey, licenseKeyActivation, licenseKeyWithActivations, metricsLimits, metricsResponse } from '@ensemble/billing-client/schemas';
import type { Answer } from '../../billing-sandbox/sandbox-harness.js';
import { sha256Base64, uploadFile } from '../../billing-sandbox/benefits-usage-harness.js';
import { oracleGroup, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, get, richBuyer, startWorld, type OracleWorld } from '../world.js';

const tag = () => Math.random().toString(36).slice(2, 8);

/** Files, seller license keys and metrics (billing-api-part-b.md §7). */
export const filesKeysMetricsGroup = oracleGroup<OracleWorld>({
  name: 'files, license keys and metrics',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'POST /v1/files/',
      sdk: sdkJson(201, 'FileUpload', FileUpload$inboundSchema),
      client: fileUpload,
      cases: (w) => {
        const content = Buffer.from('a small file');
        const body = (service: string, name: string) => ({
          name, mime_type: 'text/plain', size: content.length, service, checksum_sha256_base64: sha256Base64(content),
          upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: content.length, checksum_sha256_base64: sha256Base64(content) }] },
        });
        return cases({
          downloadable: w.t.api('POST', '/v1/files/', body('downloadable', 'notes.txt')),
          product_media: w.t.api('POST', '/v1/files/', { ...body('product_media', 'cover.png'), mime_type: 'image/png' }),
          organization_avatar: w.t.api('POST', '/v1/files/', { ...body('organization_avatar', 'logo.png'), mime_type: 'image/png' }),
        });
      },
    },
    {
      call: 'POST /v1/files/{id}/uploaded',
      sdk: sdkJson(200, 'FilesUploadedResponseFilesUploaded', FilesUploadedResponseFilesUploaded$inboundSchema),
      client: fileRead,
      cases: async (w) => {
        const out: Record<string, Promise<Answer>> = {};
        for (const service of ['downloadable', 'product_media', 'organization_avatar']) out[service] = uploadRaw(w, Buffer.from(`bytes of a ${service}`), service);
        return cases(out);
      },
    },
    {
      call: 'GET /v1/files/',
      sdk: sdkPage('FilesListResponse', FilesListResponse$inboundSchema),
      client: listResource(fileRead),
      cases: (w) => cases({ 'every service': get(w, '/v1/files/?limit=100') }),
    },
    {
      call: 'PATCH /v1/files/{id}',
      sdk: sdkJson(200, 'FilesUpdateResponseFilesUpdate', FilesUpdateResponseFilesUpdate$inboundSchema),
      client: fileRead,
      cases: async (w) => {
        const page = created<{ items: { id: string; service: string }[] }>(await get(w, '/v1/files/?limit=100'), 200);
        return cases(Object.fromEntries(page.items.map((f) => [f.service, w.t.api('PATCH', `/v1/files/${f.id}`, { name: `renamed-${tag()}.txt`, version: 'v2' })])));
      },
    },
    {
      call: 'DELETE /v1/files/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const { created: made } = await uploadFile(w.t, Buffer.from('to delete'), 'downloadable', 'old.txt');
        return cases({ deleted: w.t.api('DELETE', `/v1/files/${made.id}`) });
      },
    },
    {
      call: 'GET /v1/license-keys/',
      sdk: sdkPage('LicenseKeysListResponse', LicenseKeysListResponse$inboundSchema),
      client: listResource(licenseKey),
      cases: async (w) => cases({ granted: get(w, `/v1/license-keys/?benefit_id=${(await richBuyer(w)).benefits.license_keys}`) }),
    },
    {
      call: 'GET /v1/license-keys/{id}',
      sdk: sdkJson(200, 'LicenseKeyWithActivations', LicenseKeyWithActivations$inboundSchema),
      client: licenseKeyWithActivations,
      cases: async (w) => cases({ 'with an activation': get(w, `/v1/license-keys/${(await richBuyer(w)).licenseKey.id}`) }),
    },
    {
      call: 'GET /v1/license-keys/{id}/activations/{activation_id}',
      sdk: sdkJson(200, 'LicenseKeyActivationRead', LicenseKeyActivationRead$inboundSchema),
      client: licenseKeyActivation,
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ laptop: get(w, `/v1/license-keys/${rich.licenseKey.id}/activations/${rich.activationId}`) });
      },
    },
    {
      call: 'PATCH /v1/license-keys/{id}',
      sdk: sdkJson(200, 'LicenseKeyRead', LicenseKeyRead$inboundSchema),
      client: licenseKey,
      cases: async (w) => {
        const id = (await richBuyer(w)).licenseKey.id;
        return cases({
          'new limits': w.t.api('PATCH', `/v1/license-keys/${id}`, { usage: 3, limit_usage: 20, limit_activations: 5, expires_at: '2099-01-01T00:00:00Z' }),
          disabled: w.t.api('PATCH', `/v1/license-keys/${id}`, { status: 'disabled', usage: 0 }),
        });
      },
    },
    {
      call: 'GET /v1/metrics/',
      sdk: sdkJson(200, 'MetricsResponse', MetricsResponse$inboundSchema),
      client: metricsResponse,
      cases: async (w) => {
        await richBuyer(w);
        const day = (offset: number) => new Date(Date.parse(w.t.sandbox.ctx.now()) + offset * 86_400_000).toISOString().slice(0, 10);
        return cases({
          daily: get(w, `/v1/metrics/?start_date=${day(-1)}&end_date=${day(1)}&interval=day`),
          'monthly, one product': get(w, `/v1/metrics/?start_date=${day(-40)}&end_date=${day(1)}&interval=month&product_id=${w.t.seed.productId}`),
        });
      },
    },
    {
      call: 'GET /v1/metrics/limits',
      sdk: sdkJson(200, 'MetricsLimits', MetricsLimits$inboundSchema),
      client: metricsLimits,
      cases: (w) => cases({ limits: get(w, '/v1/metrics/limits') }),
    },
  ],
});

/** The upload as the provider's clients do it, raw: create, PUT the one part, complete; answers the completion. */
async function uploadRaw(w: OracleWorld, content: Buffer, service: string): Promise<Answer> {
  const sum = sha256Base64(content);
  const made = created<{ id: string; upload: { id: string; path: string; parts: { url: string; headers: Record<string, string> }[] } }>(await w.t.api('POST', '/v1/files/', {
    name: service === 'downloadable' ? 'guide.txt' : 'image.png', mime_type: service === 'downloadable' ? 'text/plain' : 'image/png', size: content.length, service,
    checksum_sha256_base64: sum, upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: content.length, checksum_sha256_base64: sum }] },
  }));
  const part = made.upload.parts[0] as { url: string; headers: Record<string, string> };
  const put = await fetch(part.url, { method: 'PUT', headers: part.headers, body: new Uint8Array(content) });
  const etag = put.headers.get('etag') ?? '';
  return w.t.api('POST', `/v1/files/${made.id}/uploaded`, { id: made.upload.id, path: made.upload.path, parts: [{ number: 1, checksum_etag: etag, checksum_sha256_base64: sum }] });
}
