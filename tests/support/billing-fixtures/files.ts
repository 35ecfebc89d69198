import { CREATED, FILE_ID, ORG_ID } from './ids.js';

export const downloadableFileWire = (over: Record<string, unknown> = {}) => ({
  id: FILE_ID,
  organization_id: ORG_ID,
  name: 'ensemble-prompt-pack.zip',
  path: `${ORG_ID}/${FILE_ID}/ensemble-prompt-pack.zip`,
  mime_type: 'application/zip',
  size: 2_097_152,
  storage_version: null,
  checksum_etag: '"9b2cf535f27731c974343645a3985328"',
  checksum_sha256_base64: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
  checksum_sha256_hex: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  last_modified_at: '2026-03-01T10:16:02Z',
  version: '1.2.0',
  is_uploaded: true,
  service: 'downloadable',
  created_at: CREATED,
  size_readable: '2.0 MB',
  ...over,
});

export const fileUploadWire = (over: Record<string, unknown> = {}) => ({
  ...downloadableFileWire({
    is_uploaded: false,
    checksum_etag: null,
    checksum_sha256_hex: null,
    last_modified_at: null,
  }),
  upload: {
    id: 'upload-7f3e2d1c',
    path: `${ORG_ID}/${FILE_ID}/ensemble-prompt-pack.zip`,
    parts: [
      {
        number: 1,
        chunk_start: 0,
        chunk_end: 2_097_151,
        checksum_sha256_base64: 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=',
        url: 'https://s3.example.test/upload?partNumber=1&X-Amz-Signature=abc',
        expires_at: '2026-03-01T11:15:30Z',
        headers: { 'x-amz-checksum-sha256': 'n4bQgYhMfWWaL+qgxVrQFaO/TxsrC4Is0V1sFbDwCgg=' },
      },
    ],
  },
  ...over,
});
