import type { SandboxContext } from '../../engine/context.js';
import type { FileRecord } from './records.js';
import { signedUrl } from './storage.js';

export function sizeReadable(size: number): string {
  if (size < 1024) return `${size} Bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = size / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

function fileFields(f: FileRecord) {
  return {
    id: f.id, organization_id: f.organization_id, name: f.name, path: f.path, mime_type: f.mime_type, size: f.size,
    storage_version: f.is_uploaded ? '1' : null, checksum_etag: f.checksum_etag, checksum_sha256_base64: f.checksum_sha256_base64,
    checksum_sha256_hex: f.checksum_sha256_hex, last_modified_at: f.last_modified_at, version: f.version, is_uploaded: f.is_uploaded,
    created_at: f.created_at, size_readable: sizeReadable(f.size),
  };
}

export const publicFileUrl = (ctx: SandboxContext, f: FileRecord) => `${ctx.publicUrl}/__sandbox/files/${f.id}/public/${encodeURIComponent(f.name)}`;

/** Seller view of a file: media and avatars carry their public URL. */
export function fileWire(ctx: SandboxContext, f: FileRecord) {
  if (f.service === 'downloadable') return { ...fileFields(f), service: f.service };
  return { ...fileFields(f), service: f.service, public_url: publicFileUrl(ctx, f) };
}

/** The portal's downloadable file: a signed, expiring download URL served by the sandbox. */
export function downloadableFileWire(ctx: SandboxContext, f: FileRecord) {
  return { ...fileFields(f), service: 'downloadable' as const, download: signedUrl(ctx, `/__sandbox/files/${f.id}/download`) };
}
