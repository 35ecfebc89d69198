import { afterEach, describe, expect, it } from 'vitest';
import { downloadableFileWire, fileUploadWire } from '../../../support/billing-fixtures/files.js';
import { FILE_ID, ORG_ID, page } from '../../../support/billing-fixtures/ids.js';
import { dataOf, errorOf } from '../../../support/billing-fixtures/results.js';
import { mockBilling } from '../../../support/billing-mock.js';

describe('files (billing-api-part-b.md §7 "Files")', () => {
  const api = mockBilling();
  const files = api.client.files;
  afterEach(() => api.agent.assertNoPendingInterceptors());

  it('billing-api-part-b.md §7: list repeats ids and parses files of each service', async () => {
    const avatar = { ...downloadableFileWire(), service: 'organization_avatar', public_url: 'https://cdn.example.test/a.png' };
    api.json(200, page([downloadableFileWire(), avatar]));
    const answer = dataOf(await files.list({ organizationId: ORG_ID, ids: [FILE_ID, 'other-file'] }));
    expect([api.last().method, api.last().path]).toEqual(['GET', '/v1/files/']);
    expect(api.last().query.slice(0, 3)).toEqual([
      ['organization_id', ORG_ID],
      ['ids', FILE_ID],
      ['ids', 'other-file'],
    ]);
    expect(answer.items[0]).toMatchObject({ service: 'downloadable', sizeReadable: '2.0 MB', checksumSha256Base64: expect.any(String) });
    expect(answer.items[1]).toMatchObject({ service: 'organization_avatar', publicUrl: 'https://cdn.example.test/a.png' });
  });

  it('billing-api-part-b.md §3: create posts the upload parts in wire names and answers 201 with where to upload', async () => {
    api.json(201, fileUploadWire());
    const created = dataOf(
      await files.create({
        name: 'ensemble-prompt-pack.zip',
        mimeType: 'application/zip',
        size: 2_097_152,
        service: 'downloadable',
        upload: { parts: [{ number: 1, chunkStart: 0, chunkEnd: 2_097_151 }] },
      }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', '/v1/files/']);
    expect(api.last().body).toEqual({
      name: 'ensemble-prompt-pack.zip',
      mime_type: 'application/zip',
      size: 2_097_152,
      service: 'downloadable',
      upload: { parts: [{ number: 1, chunk_start: 0, chunk_end: 2_097_151 }] },
    });
    expect(created.isUploaded).toBe(false);
    expect(created.upload.parts[0]).toMatchObject({ chunkEnd: 2_097_151, expiresAt: '2026-03-01T11:15:30Z' });
  });

  it('billing-api-part-b.md §3: a create without upload parts or with an unknown service is refused', async () => {
    const bad = { name: 'x', mimeType: 'text/plain', size: 1, service: 'avatar' as never, upload: { parts: [] } };
    const error = errorOf(await files.create(bad));
    expect(error.kind).toBe('input_validation');
    expect(error.message).toContain('body.service');
    expect(error.message).toContain('body.upload.parts');
  });

  it('billing-api-part-b.md §4: uploaded reports completion with each part etag', async () => {
    api.json(200, downloadableFileWire());
    const file = dataOf(
      await files.uploaded({ id: FILE_ID, fileUploadCompleted: { id: 'upload-7f3e2d1c', path: 'org/file.zip', parts: [{ number: 1, checksumEtag: '"9b2c"' }] } }),
    );
    expect([api.last().method, api.last().path]).toEqual(['POST', `/v1/files/${FILE_ID}/uploaded`]);
    expect(api.last().body).toEqual({ id: 'upload-7f3e2d1c', path: 'org/file.zip', parts: [{ number: 1, checksum_etag: '"9b2c"' }] });
    expect(file.isUploaded).toBe(true);
  });

  it('billing-api-part-b.md §7: update patches name and version; delete answers 204', async () => {
    api.json(200, downloadableFileWire({ version: '1.3.0' }));
    expect(dataOf(await files.update({ id: FILE_ID, filePatch: { version: '1.3.0' } })).version).toBe('1.3.0');
    expect([api.last().method, api.last().path, api.last().body]).toEqual(['PATCH', `/v1/files/${FILE_ID}`, { version: '1.3.0' }]);
    api.next({ status: 204 });
    expect(dataOf(await files.delete({ id: FILE_ID }))).toBeUndefined();
    expect([api.last().method, api.last().path]).toEqual(['DELETE', `/v1/files/${FILE_ID}`]);
  });

  it('billing-api-part-b.md §8: uploaded, update and delete answer 403 NotPermitted and 404 ResourceNotFound', async () => {
    const calls = [
      () => files.uploaded({ id: FILE_ID, fileUploadCompleted: { id: 'u', path: 'p', parts: [{ number: 1, checksumEtag: 'e' }] } }),
      () => files.update({ id: FILE_ID, filePatch: { name: 'renamed.zip' } }),
      () => files.delete({ id: FILE_ID }),
    ];
    for (const call of calls) {
      api.named(403, 'NotPermitted', 'Not permitted');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'NotPermitted', statusCode: 403 });
      api.named(404, 'ResourceNotFound', 'Not found');
      expect(errorOf(await call())).toMatchObject({ kind: 'provider', error: 'ResourceNotFound' });
    }
  });
});
