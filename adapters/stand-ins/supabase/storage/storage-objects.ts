import { randomUUID } from 'node:crypto';
import type { DbRole, JwtClaims, LocalDb } from '../db.js';
import type { ObjectBytes, ReceivedBytes } from './object-bytes.js';
import { fromDatabase, StorageError, storageErrors } from './storage-errors.js';

export interface StorageDeps {
  readonly db: LocalDb;
  readonly bytes: ObjectBytes;
  readonly maxObjectBytes: number;
}

export interface Caller {
  readonly role: DbRole;
  readonly claims: JwtClaims;
}

interface ObjectRow {
  id: string;
  name: string;
  bucket_id: string;
  version: string | null;
  metadata: { size?: number; mimetype?: string; cacheControl?: string; eTag?: string; lastModified?: string } | null;
  user_metadata: unknown;
  created_at: Date | string;
  updated_at: Date | string;
}

const bytesKey = (bucket: string, version: string) => `${bucket}/${version}`;
const asRole = <T>(deps: StorageDeps, who: Caller, fn: Parameters<LocalDb['withRole']>[2], readOnly = false) =>
  deps.db.withRole(who.role, who.claims, fn, { readOnly }) as Promise<T>;

async function findBucket(deps: StorageDeps, bucket: string) {
  const { rows } = await deps.db.sql.query<{ id: string; public: boolean; file_size_limit: string | number | null; allowed_mime_types: string[] | null }>(
    'select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = $1', [bucket]);
  const found = rows[0];
  if (!found) throw storageErrors.noSuchBucket();
  return found;
}

const allowedType = (allowed: readonly string[] | null, type: string) =>
  !allowed || allowed.length === 0 || allowed.some((a) => a === type || (a.endsWith('/*') && type.startsWith(a.slice(0, -1))));

/** What an upload sent: its bytes (raw body or a multipart file part), type, cache control and user metadata. */
async function readUpload(request: Request, maxBytes: number, deps: StorageDeps): Promise<{ received: ReceivedBytes; type: string; cacheControl: string; userMetadata: unknown }> {
  const contentType = request.headers.get('content-type') ?? 'text/plain;charset=UTF-8';
  const declared = Number(request.headers.get('content-length') ?? NaN);
  // A declared length over the limit is refused before a byte is read.
  if (Number.isFinite(declared) && declared > maxBytes + (contentType.startsWith('multipart/') ? 64 * 1024 : 0)) throw storageErrors.tooLarge();
  const parseMetadata = (json: string | null) => {
    if (json === null) return null;
    try {
      return JSON.parse(json) as unknown;
    } catch {
      throw storageErrors.invalidRequest('metadata is not valid JSON');
    }
  };
  if (contentType.startsWith('multipart/form-data')) {
    const form = await request.formData().catch(() => {
      throw storageErrors.invalidRequest('The multipart body could not be read');
    });
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) throw storageErrors.invalidRequest('No file in the multipart body');
    const received = await deps.bytes.receive(new Uint8Array(await file.arrayBuffer()), maxBytes);
    if (!received) throw storageErrors.tooLarge();
    const cache = form.get('cacheControl');
    const metadata = form.get('metadata');
    return { received, type: file.type || 'application/octet-stream', cacheControl: `max-age=${typeof cache === 'string' ? cache : '3600'}`,
      userMetadata: parseMetadata(typeof metadata === 'string' ? metadata : null) };
  }
  const received = await deps.bytes.receive(request.body, maxBytes);
  if (!received) throw storageErrors.tooLarge();
  const encoded = request.headers.get('x-metadata');
  return { received, type: contentType, cacheControl: request.headers.get('cache-control') ?? 'max-age=3600',
    userMetadata: parseMetadata(encoded === null ? null : Buffer.from(encoded, 'base64').toString('utf8')) };
}

/** POST (create, or upsert with `x-upsert: true`) and PUT (replace an existing object). */
export async function uploadObject(deps: StorageDeps, who: Caller, bucketId: string, name: string, request: Request, mode: 'create' | 'upsert' | 'update') {
  const bucket = await findBucket(deps, bucketId);
  const limit = Math.min(deps.maxObjectBytes, bucket.file_size_limit === null ? Infinity : Number(bucket.file_size_limit));
  const declaredType = (request.headers.get('content-type') ?? '').split(';')[0]?.trim() ?? '';
  if (!declaredType.startsWith('multipart/') && declaredType !== '' && !allowedType(bucket.allowed_mime_types, declaredType)) throw storageErrors.invalidMimeType(declaredType);
  const upload = await readUpload(request, limit, deps);
  const mimetype = upload.type.split(';')[0]?.trim() || 'application/octet-stream';
  try {
    if (!allowedType(bucket.allowed_mime_types, mimetype)) throw storageErrors.invalidMimeType(mimetype);
    const version = randomUUID();
    const metadata = {
      eTag: `"${upload.received.md5}"`, size: upload.received.size, mimetype: upload.type, cacheControl: upload.cacheControl,
      lastModified: new Date().toUTCString(), contentLength: upload.received.size, httpStatusCode: 200,
    };
    const owner = who.role === 'authenticated' && typeof who.claims.sub === 'string' ? who.claims.sub : null;
    const { id, replaced } = await asRole<{ id: string; replaced: string | null }>(deps, who, async (tx) => {
      const existing = (await tx.query<{ id: string; version: string | null }>(
        'select id, version from storage.objects where bucket_id = $1 and name = $2 for update', [bucketId, name])).rows[0];
      if (mode === 'update' && !existing) throw storageErrors.noSuchKey();
      if (mode === 'create' && existing) throw storageErrors.duplicate();
      const values = [bucketId, name, owner, JSON.stringify(metadata), JSON.stringify(upload.userMetadata), version];
      const written = existing
        ? await tx.query<{ id: string }>(
          `update storage.objects set owner = $3::uuid, owner_id = $3::uuid::text, metadata = $4::jsonb, user_metadata = $5::jsonb, version = $6, updated_at = now()
            where bucket_id = $1 and name = $2 returning id`, values)
        : await tx.query<{ id: string }>(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
            values ($1, $2, $3::uuid, $3::uuid::text, $4::jsonb, $5::jsonb, $6) returning id`, values);
      const row = written.rows[0];
      // An update the policies hide touches no row: the caller may not replace this object.
      if (!row) throw storageErrors.accessDenied('new row violates row-level security policy');
      await deps.bytes.commit(upload.received.tempKey, bytesKey(bucketId, version));
      return { id: row.id, replaced: existing?.version ?? null };
    }).catch((error: unknown) => {
      throw error instanceof StorageError ? error : (fromDatabase(error) ?? error);
    });
    if (replaced) await deps.bytes.remove(bytesKey(bucketId, replaced));
    return { Id: id, Key: `${bucketId}/${name}` };
  } finally {
    // Committed uploads have moved; anything left under the temporary key is refused work.
    await deps.bytes.discard(upload.received.tempKey);
  }
}

async function findObject(deps: StorageDeps, who: Caller | null, bucketId: string, name: string): Promise<ObjectRow> {
  const query = (tx: { query: LocalDb['sql']['query'] }) =>
    tx.query<ObjectRow>(
      `select id, name, bucket_id, version, metadata, user_metadata, created_at, updated_at
        from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name]);
  const { rows } = who === null ? await query(deps.db.sql) : await asRole<Awaited<ReturnType<typeof query>>>(deps, who, query, true);
  const row = rows[0];
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

/** The object's bytes with its headers; `who` null reads as Storage's own (a signed URL already checked). */
export async function downloadObject(
  deps: StorageDeps, who: Caller | null, bucketId: string, name: string,
  options: { head: boolean; download: string | null; publicOnly?: boolean },
): Promise<Response> {
  const bucket = await findBucket(deps, bucketId);
  if (options.publicOnly && !bucket.public) throw storageErrors.noSuchBucket();
  const row = await findObject(deps, who, bucketId, name);
  const stored = row.version ? await deps.bytes.read(bytesKey(bucketId, row.version)) : null;
  if (!stored) throw storageErrors.noSuchKey();
  const headers = new Headers({
    'Content-Type': row.metadata?.mimetype ?? 'application/octet-stream',
    'Content-Length': String(stored.size),
    'Cache-Control': row.metadata?.cacheControl ?? 'no-cache',
    'Last-Modified': new Date(row.updated_at).toUTCString(),
  });
  if (row.metadata?.eTag) headers.set('ETag', row.metadata.eTag);
  if (options.download !== null) {
    const file = options.download === '' ? (name.split('/').pop() ?? name) : options.download;
    headers.set('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file)}`);
  }
  if (options.head) {
    void stored.body.cancel();
    return new Response(null, { status: 200, headers });
  }
  return new Response(stored.body, { status: 200, headers });
}

/** GET /object/info/…: what Storage's info renderer answers. */
export async function objectInfo(deps: StorageDeps, who: Caller, bucketId: string, name: string) {
  await findBucket(deps, bucketId);
  const row = await findObject(deps, who, bucketId, name);
  return {
    id: row.id, name: row.name, version: row.version, bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null, content_type: row.metadata?.mimetype ?? null, cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null, metadata: row.user_metadata ?? null,
    last_modified: new Date(row.updated_at).toISOString(), created_at: new Date(row.created_at).toISOString(),
  };
}

/** Deletes the named objects the caller's policies let it delete; answers those deleted. */
export async function removeObjects(deps: StorageDeps, who: Caller, bucketId: string, names: readonly string[]) {
  await findBucket(deps, bucketId);
  const { rows } = await asRole<{ rows: (ObjectRow & { owner: string | null; last_accessed_at: string | null })[] }>(deps, who, (tx) =>
    tx.query(
      `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
        returning id, name, bucket_id, owner, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`, [bucketId, [...names]]),
  ).catch((error: unknown) => {
    throw fromDatabase(error) ?? error;
  });
  await Promise.all(rows.map((row) => (row.version ? deps.bytes.remove(bytesKey(bucketId, row.version)) : undefined)));
  return rows.map(({ version: _version, user_metadata: _user, ...row }) => row);
}
