import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from '../../engine/context.js';
import type { FileRecord } from './records.js';

/** File contents and the signed URLs the sandbox serves for uploads and downloads. */
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

export function fileContent(file: FileRecord): Buffer {
  return Buffer.concat([...file.parts].sort((a, b) => a.number - b.number).map((p) => Buffer.from(p.data ?? '', 'base64')));
}

export const sha256 = (data: Buffer) => createHash('sha256').update(data).digest();
export const md5Hex = (data: Buffer) => createHash('md5').update(data).digest('hex');
