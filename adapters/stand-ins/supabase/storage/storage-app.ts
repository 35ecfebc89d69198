import { Hono, type Context } from 'hono';
import { SignJWT, errors as joseErrors, jwtVerify } from 'jose';
import type { DbRole, JwtClaims, LocalDb } from '../db.js';
import type { LocalKeys } from '../keys.js';
import type { ObjectBytes } from './object-bytes.js';
import { StorageError, storageErrors } from './storage-errors.js';
import { downloadObject, objectInfo, removeObjects, uploadObject, type Caller, type StorageDeps } from './storage-objects.js';

export interface StorageAppOptions {
  readonly db: LocalDb;
  readonly keys: LocalKeys;
  readonly bytes: ObjectBytes;
  /** The global upload limit (Supabase's default is 50 MB); a bucket's own limit may be lower. */
  readonly maxObjectBytes?: number;
  readonly now?: () => number;
}

export const DEFAULT_MAX_OBJECT_BYTES = 50 * 1024 * 1024;

/**
 * Supabase Storage's `/storage/v1` as storage-js uses it: upload (POST, with `x-upsert`) and update
 * (PUT) of raw or multipart bodies, download (`/object/…`, `/object/authenticated/…`, HEAD), info,
 * remove (one or many), and signed URLs (create one or many, then GET with `?token=`). Every object
 * read and write runs in Postgres as the caller's role with its JWT claims, so the policies on
 * `storage.objects` decide, as they do in Supabase; the bytes are kept by `ObjectBytes`.
 */
export function makeStorageApp(options: StorageAppOptions): Hono {
  const deps: StorageDeps = { db: options.db, bytes: options.bytes, maxObjectBytes: options.maxObjectBytes ?? DEFAULT_MAX_OBJECT_BYTES };
  const now = options.now ?? Date.now;
  const secret = new TextEncoder().encode(options.keys.jwtSecret);
  const app = new Hono();

  const caller = async (c: Context): Promise<Caller> => {
    const bearer = /^Bearer\s+(\S+)\s*$/i.exec(c.req.header('authorization') ?? '')?.[1];
    const token = bearer ?? c.req.header('apikey');
    if (!token) throw storageErrors.invalidJwt('Missing authorization header');
    const verified = await options.keys.verifyJwt(token);
    if (!verified.success) throw storageErrors.invalidJwt(verified.error.reason === 'expired' ? 'jwt expired' : 'invalid signature');
    const role = String(verified.data.role);
    if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') throw storageErrors.invalidJwt(`role "${role}" is not one of anon, authenticated, service_role`);
    return { role: role as DbRole, claims: verified.data as JwtClaims };
  };

  const sign = async (bucket: string, name: string, expiresIn: number): Promise<string> => {
    const issued = Math.floor(now() / 1000);
    const token = await new SignJWT({ url: `${bucket}/${name}` })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuedAt(issued)
      .setExpirationTime(issued + expiresIn)
      .sign(secret);
    return `/object/sign/${bucket}/${name}?token=${token}`;
  };

  const visible = async (who: Caller, bucket: string, name: string): Promise<boolean> => {
    const { rows } = await options.db.withRole(who.role, who.claims, (tx) =>
      tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, name]), { readOnly: true });
    return rows.length > 0;
  };

  app.all('/object/*', async (c) => {
    try {
      const segments = new URL(c.req.url).pathname.split('/').slice(4);
      const method = c.req.method;
      const [first = '', ...rest] = segments;
      const head = method === 'HEAD';

      if (first === 'sign' && method === 'GET') {
        const { bucket, name } = target(rest);
        const token = c.req.query('token');
        if (!token) throw storageErrors.invalidRequest('querystring must have required property \'token\'');
        let url: unknown;
        try {
          url = (await jwtVerify(token, secret, { currentDate: new Date(now()) })).payload.url;
        } catch (error) {
          throw storageErrors.invalidJwt(error instanceof joseErrors.JWTExpired ? 'jwt expired' : 'invalid signature');
        }
        if (url !== `${bucket}/${name}`) throw storageErrors.invalidSignature();
        return await downloadObject(deps, null, bucket, name, { head: false, download: c.req.query('download') ?? null });
      }
      if (first === 'sign' && method === 'POST') {
        const who = await caller(c);
        const body = await jsonBody(c);
        const expiresIn = body.expiresIn;
        if (typeof expiresIn !== 'number' || !Number.isInteger(expiresIn) || expiresIn < 1) throw storageErrors.invalidRequest('body/expiresIn must be an integer >= 1');
        if (rest.length === 1) {
          const bucket = rest[0] ?? '';
          const paths = body.paths;
          if (!Array.isArray(paths) || paths.some((p) => typeof p !== 'string')) throw storageErrors.invalidRequest('body/paths must be an array of strings');
          const signed = await Promise.all((paths as string[]).map(async (path) =>
            (await visible(who, bucket, path))
              ? { error: null, path, signedURL: await sign(bucket, path, expiresIn) }
              : { error: 'Either the object does not exist or you do not have access to it', path, signedURL: null }));
          return c.json(signed);
        }
        const { bucket, name } = target(rest);
        if (!(await visible(who, bucket, name))) throw storageErrors.noSuchKey();
        return c.json({ signedURL: await sign(bucket, name, expiresIn) });
      }
      if (first === 'info' && method === 'GET') {
        const path = rest[0] === 'authenticated' || rest[0] === 'public' ? rest.slice(1) : rest;
        const { bucket, name } = target(path);
        return c.json(await objectInfo(deps, await caller(c), bucket, name));
      }
      if ((method === 'GET' || head) && (first === 'authenticated' || first === 'public')) {
        const { bucket, name } = target(rest);
        // A public bucket's objects are read without a token; ours are private, so public is "not found".
        return await downloadObject(deps, first === 'public' ? null : await caller(c), bucket, name, { head, download: c.req.query('download') ?? null, publicOnly: first === 'public' });
      }
      if (first === 'list' || first === 'list-v2' || first === 'move' || first === 'copy' || first === 'upload') throw storageErrors.notSupported(`/object/${first}`);
      if (method === 'DELETE' && rest.length === 0) {
        const body = await jsonBody(c);
        const prefixes = body.prefixes;
        if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || prefixes.some((p) => typeof p !== 'string')) {
          throw storageErrors.invalidRequest('body/prefixes must be 1 to 1000 object names');
        }
        return c.json(await removeObjects(deps, await caller(c), first, prefixes as string[]));
      }
      const { bucket, name } = target(segments);
      if (method === 'DELETE') {
        const removed = await removeObjects(deps, await caller(c), bucket, [name]);
        if (removed.length === 0) throw storageErrors.noSuchKey();
        return c.json({ message: 'Successfully deleted' });
      }
      if (method === 'GET' || head) return await downloadObject(deps, await caller(c), bucket, name, { head, download: c.req.query('download') ?? null });
      if (method === 'POST' || method === 'PUT') {
        const mode = method === 'PUT' ? 'update' : c.req.header('x-upsert') === 'true' ? 'upsert' : 'create';
        return c.json(await uploadObject(deps, await caller(c), bucket, name, c.req.raw, mode));
      }
      throw storageErrors.invalidRequest(`${method} is not supported here`);
    } catch (error) {
      if (error instanceof StorageError) return error.toResponse();
      throw error;
    }
  });
  app.onError((error) => {
    console.error('[supabase-local storage] unexpected error', error);
    return new StorageError(500, 'InternalError', 'Internal', 'Internal Server Error').toResponse();
  });
  app.all('*', () => new StorageError(404, 'InvalidRequest', 'Not Found', 'Route not found').toResponse());
  return app;
}

/** The bucket and object name of a path's segments (percent-decoded, as Storage reads them). */
function target(segments: readonly string[]): { bucket: string; name: string } {
  const [bucket = '', ...parts] = segments.map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      throw storageErrors.invalidKey(segment);
    }
  });
  const name = parts.join('/');
  // eslint-disable-next-line no-control-regex
  if (bucket === '' || name === '' || name.length > 1024 || /[\u0000-\u001f\u007f]/.test(name) || parts.some((p) => p === '')) throw storageErrors.invalidKey(name);
  return { bucket, name };
}

async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  // These bodies are a few names or a number; a large one is not a Storage request.
  if (Number(c.req.header('content-length') ?? 0) > 1024 * 1024) throw storageErrors.invalidRequest('The JSON body is too large');
  const text = await c.req.text();
  try {
    const value: unknown = JSON.parse(text === '' ? '{}' : text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // Answered below.
  }
  throw storageErrors.invalidRequest('Body is not valid JSON');
}
