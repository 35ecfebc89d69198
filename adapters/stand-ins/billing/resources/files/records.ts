import type { BaseRecord } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

export interface UploadPartRecord {
  readonly number: number;
  readonly chunk_start: number;
  readonly chunk_end: number;
  readonly checksum_sha256_base64: string | null;
  /** Filled by the upload: the part's bytes (base64), their MD5 ETag and SHA-256. */
  readonly data: string | null;
  readonly etag: string | null;
  readonly sha256_base64: string | null;
}

export interface FileRecord extends BaseRecord {
  readonly organization_id: string;
  readonly name: string;
  readonly path: string;
  readonly mime_type: string;
  readonly size: number;
  readonly service: 'downloadable' | 'product_media' | 'organization_avatar';
  readonly version: string | null;
  readonly checksum_sha256_base64: string | null;
  readonly checksum_sha256_hex: string | null;
  readonly checksum_etag: string | null;
  readonly last_modified_at: string | null;
  readonly is_uploaded: boolean;
  readonly upload_id: string;
  readonly parts: UploadPartRecord[];
  readonly deleted_at: string | null;
}

export function fileCollections(store: Store) {
  return {
    files: store.collection<FileRecord>('files', { org: (f) => (f.deleted_at === null ? f.organization_id : null) }),
  };
}
