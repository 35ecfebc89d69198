import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../engine/context.js';
import type { FileRecord } from './files/records.js';

/** File wire views, content assembly and the signed URLs the sandbox serves for uploads and downloads. */
export const URL_TTL_MS = 3_600_000;

interface SecretRecord {
  readonly id: string;
  readonly secret: string;
}

/** The sandbox's URL-signing key, created on first use and persisted. */
function signingKey(ctx: SandboxContext): string {
  const secrets = ctx.store.collection<SecretRecord>('sandbox_secrets');
  const found = secrets.get('file_urls');
  if (found !== undefined) return found.secret;
  return ctx.store.transaction(() => secrets.put({ id: 'file_urls', secret: randomBytes(32).toString('hex') })).secret;
}

const signature = (ctx: SandboxContext, path: string, expires: number) => createHmac('sha256', signingKey(ctx)).update(`${path}|${expires}`).digest('hex');

/** `path?expires=<unix ms>&signature=<hmac>`, valid for an hour of sandbox time. */
export function signedUrl(ctx: SandboxContext, path: string): { url: string; expires_at: string } {
  const expires = ctx.clock.now().getTime() + URL_TTL_MS;
  return { url: `${ctx.publicUrl}${path}?expires=${expires}&signature=${signature(ctx, path, expires)}`, expires_at: new Date(expires).toISOString() };
}

export function checkSignature(ctx: SandboxContext, url: URL): 'ok' | 'expired' | 'invalid' {
  const expires = Number(url.searchParams.get('expires'));
  const given = url.searchParams.get('signature') ?? '';
  const wanted = signature(ctx, url.pathname, expires);
  if (!Number.isFinite(expires) || given.length !== wanted.length || !timingSafeEqual(Buffer.from(given), Buffer.from(wanted))) return 'invalid';
  return expires < ctx.clock.now().getTime() ? 'expired' : 'ok';
}

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

export function fileContent(file: FileRecord): Buffer {
  return Buffer.concat([...file.parts].sort((a, b) => a.number - b.number).map((p) => Buffer.from(p.data ?? '', 'base64')));
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
export const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');

function fileFields(f: FileRecord) {
  return {
    id: f.id, organization_id: f.organization_id, name: f.name, path: f.path, mime_type: f.mime_type, size: f.size,
    storage_version: f.is_uploaded ? '1' : null, checksum_etag: f.checksum_etag, checksum_sha256_base64: f.checksum_sha256_base64,
    checksum_sha256_hex: f.checksum_sha256_hex, last_modified_at: f.last_modified_at, version: f.version, is_uploaded: f.is_uploaded,
    created_at: f.created_at, size_readable: sizeReadable(f.size),
  };
}

export const publicFileUrl = (ctx: SandboxContext, f: FileRecord) => `${ctx.publicUrl}/__sandbox/files/${f.id}/public/${encodeURIComponent(f.name)}`;

/** reference §3 "File": media and avatars carry their public URL. */
export function fileWire(ctx: SandboxContext, f: FileRecord) {
  if (f.service === 'downloadable') return { ...fileFields(f), service: f.service };
  return { ...fileFields(f), service: f.service, public_url: publicFileUrl(ctx, f) };
}

/** The portal's downloadable file: a signed, expiring download URL served by the sandbox. */
export function downloadableFileWire(ctx: SandboxContext, f: FileRecord) {
  return { ...fileFields(f), service: 'downloadable' as const, download: signedUrl(ctx, `/__sandbox/files/${f.id}/download`) };
}
