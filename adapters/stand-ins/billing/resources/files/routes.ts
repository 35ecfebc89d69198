import type { Context, Hono } from 'hono';
import { fileCreate, filePatch, fileUploadCompleted } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { SandboxHttpError, fieldError, namedError, notFound, notPermitted, validationError, type ValidationItem } from '../../engine/errors.js';
import { newId } from '../../engine/ids.js';
import { paginate, parseQuery, pathUuid, q, querySchema, sortRecords } from '../../engine/query.js';
import { json, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { registerProductMedia } from './product-media.js';
import type { FileRecord } from './records.js';
import { checkSignature, fileContent, md5Hex, sha256, signedUrl } from './storage.js';
import { fileWire } from './wire.js';

/** Largest file the sandbox keeps (it stores the bytes in its state). */
const MAX_SIZE = 10 * 1024 * 1024;

/**
 * Files: create returns one signed upload URL per part, served by the
 * sandbox (`PUT /__sandbox/uploads/{file}/{part}`, answering the part's MD5 as `ETag`); "uploaded"
 * checks each part's ETag and the SHA-256 checksums before the file counts as uploaded.
 */
export function registerFiles(app: Hono, ctx: SandboxContext): void {
  const { files } = ctx.db;
  const listQuery = querySchema({ organization_id: q.uuids().optional(), ids: q.uuids().optional() });

  const ownFile = (c: Context): FileRecord => {
    const org = ctx.auth.organization(c);
    const file = files.get(pathUuid(c.req.param('id')));
    if (file === undefined || file.organization_id !== org.id || file.deleted_at !== null) throw notFound();
    return file;
  };

  app.get('/v1/files', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), listQuery);
    const found = files.byIndex('org', org.id).filter(
      (f) => f.is_uploaded && (query.organization_id === undefined || query.organization_id.includes(f.organization_id)) && (query.ids === undefined || query.ids.includes(f.id)),
    );
    return json(paginate(sortRecords(found, [{ field: 'created_at', descending: true }], { created_at: (f) => f.created_at }), query, (f) => fileWire(ctx, f)));
  });

  app.post('/v1/files', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, fileCreate);
    if (body.organization_id != null && body.organization_id !== org.id) throw fieldError(['body', 'organization_id'], 'Organization not found.', body.organization_id);
    if (body.size > MAX_SIZE) throw fieldError(['body', 'size'], `The sandbox keeps files up to ${MAX_SIZE} bytes.`, body.size);
    const parts = [...body.upload.parts].sort((a, b) => a.number - b.number);
    let next = 0;
    parts.forEach((p, i) => {
      // parts are numbered 1..n and cover [0, size) without gaps; chunk_end is exclusive
      if (p.number !== i + 1 || p.chunk_start !== next || p.chunk_end <= p.chunk_start) throw fieldError(['body', 'upload', 'parts', i], 'Parts must be numbered from 1 and cover the file without gaps.', p);
      next = p.chunk_end;
    });
    if (next !== body.size) throw fieldError(['body', 'upload', 'parts'], 'Parts must cover the whole file size.', body.size);
    const id = newId();
    const record: FileRecord = {
      id, created_at: ctx.now(), modified_at: null, organization_id: org.id, name: body.name, path: `${org.id}/${id}/${body.name}`,
      mime_type: body.mime_type, size: body.size, service: body.service, version: body.version ?? null,
      checksum_sha256_base64: body.checksum_sha256_base64 ?? null, checksum_sha256_hex: null, checksum_etag: null, last_modified_at: null,
      is_uploaded: false, upload_id: newId(), deleted_at: null,
      parts: parts.map((p) => ({ number: p.number, chunk_start: p.chunk_start, chunk_end: p.chunk_end, checksum_sha256_base64: p.checksum_sha256_base64 ?? null, data: null, etag: null, sha256_base64: null })),
    };
    ctx.store.transaction(() => files.put(record));
    return json({
      ...fileWire(ctx, record),
      upload: {
        id: record.upload_id, path: record.path,
        parts: record.parts.map((p) => ({
          number: p.number, chunk_start: p.chunk_start, chunk_end: p.chunk_end, checksum_sha256_base64: p.checksum_sha256_base64,
          ...signedUrl(ctx, `/__sandbox/uploads/${id}/${p.number}`),
          headers: { 'Content-Type': record.mime_type, ...(p.checksum_sha256_base64 === null ? {} : { 'x-amz-checksum-sha256': p.checksum_sha256_base64 }) },
        })),
      },
    }, 201);
  });

  app.put('/__sandbox/uploads/:id/:part', async (c) => {
    const url = new URL(c.req.url);
    const verdict = checkSignature(ctx, url);
    if (verdict !== 'ok') throw namedError(403, verdict === 'expired' ? 'ExpiredUploadUrl' : 'InvalidSignature', verdict === 'expired' ? 'The upload URL has expired.' : 'The upload URL signature is invalid.');
    const file = files.get(c.req.param('id'));
    const number = Number(c.req.param('part'));
    const part = file?.parts.find((p) => p.number === number);
    if (file === undefined || part === undefined || file.deleted_at !== null) throw notFound();
    const data = Buffer.from(await c.req.arrayBuffer());
    if (data.length !== part.chunk_end - part.chunk_start) throw namedError(400, 'IncompleteBody', `Part ${number} must be ${part.chunk_end - part.chunk_start} bytes, got ${data.length}.`);
    const digest = sha256(data).toString('base64');
    if (part.checksum_sha256_base64 !== null && part.checksum_sha256_base64 !== digest) throw namedError(400, 'BadDigest', `The SHA-256 of part ${number} does not match its checksum.`);
    const etag = `"${md5Hex(data)}"`;
    ctx.store.transaction(() => files.update(file.id, { parts: file.parts.map((p) => (p.number === number ? { ...p, data: data.toString('base64'), etag, sha256_base64: digest } : p)) }));
    return new Response(null, { status: 200, headers: { etag } });
  });

  app.post('/v1/files/:id/uploaded', async (c) => {
    const file = ownFile(c);
    const body = await parseBody(c.req.raw, fileUploadCompleted);
    if (file.is_uploaded) throw notPermitted('The file is already uploaded.');
    if (body.id !== file.upload_id) throw fieldError(['body', 'id'], 'Upload id does not match the file.', body.id);
    if (body.path !== file.path) throw fieldError(['body', 'path'], 'Path does not match the file.', body.path);
    const items = file.parts.flatMap((p): ValidationItem[] => {
      const index = body.parts.findIndex((given) => given.number === p.number);
      const given = body.parts[index];
      if (given === undefined) return [{ type: 'missing', loc: ['body', 'parts'], msg: `Part ${p.number} is missing.`, input: null }];
      if (p.etag === null) return [{ type: 'value_error', loc: ['body', 'parts', index], msg: `Part ${p.number} was not uploaded.`, input: given }];
      if (given.checksum_etag !== p.etag && `"${given.checksum_etag}"` !== p.etag) return [{ type: 'value_error', loc: ['body', 'parts', index, 'checksum_etag'], msg: `Checksum mismatch on part ${p.number}.`, input: given.checksum_etag }];
      if (given.checksum_sha256_base64 != null && given.checksum_sha256_base64 !== p.sha256_base64) return [{ type: 'value_error', loc: ['body', 'parts', index, 'checksum_sha256_base64'], msg: `SHA-256 mismatch on part ${p.number}.`, input: given.checksum_sha256_base64 }];
      return [];
    });
    if (items.length > 0) throw validationError(items);
    const content = fileContent(file);
    const digest = sha256(content);
    if (file.checksum_sha256_base64 !== null && file.checksum_sha256_base64 !== digest.toString('base64')) {
      throw new SandboxHttpError(422, { error: 'RequestValidationError', detail: [{ type: 'value_error', loc: ['body'], msg: 'The file SHA-256 does not match the checksum given at creation.', input: null }] });
    }
    // S3's multipart ETag: MD5 of the parts' MD5 digests, then "-<part count>"
    const multipart = md5Hex(Buffer.concat(file.parts.map((p) => Buffer.from((p.etag ?? '').replace(/"/g, ''), 'hex'))));
    const saved = ctx.store.transaction(() =>
      files.update(file.id, {
        is_uploaded: true, checksum_etag: `${multipart}-${file.parts.length}`, checksum_sha256_base64: digest.toString('base64'),
        checksum_sha256_hex: digest.toString('hex'), last_modified_at: ctx.now(), modified_at: ctx.now(),
      }),
    );
    return json(fileWire(ctx, saved));
  });

  app.patch('/v1/files/:id', async (c) => {
    const file = ownFile(c);
    const body = await parseBody(c.req.raw, filePatch);
    const saved = ctx.store.transaction(() =>
      files.update(file.id, { modified_at: ctx.now(), ...(body.name != null ? { name: body.name } : {}), ...(body.version !== undefined ? { version: body.version } : {}) }),
    );
    return json(fileWire(ctx, saved));
  });

  app.delete('/v1/files/:id', (c) => {
    const file = ownFile(c);
    ctx.store.transaction(() => files.update(file.id, { deleted_at: ctx.now(), modified_at: ctx.now() }));
    return noContent();
  });

  const serve = (file: FileRecord, disposition: string) =>
    new Response(new Uint8Array(fileContent(file)), {
      status: 200,
      headers: { 'content-type': file.mime_type, 'content-disposition': `${disposition}; filename="${file.name.replace(/"/g, '')}"` },
    });

  app.get('/__sandbox/files/:id/download', (c) => {
    const verdict = checkSignature(ctx, new URL(c.req.url));
    if (verdict !== 'ok') throw namedError(403, verdict === 'expired' ? 'ExpiredDownloadUrl' : 'InvalidSignature', verdict === 'expired' ? 'The download URL has expired.' : 'The download URL signature is invalid.');
    const file = files.get(c.req.param('id'));
    if (file === undefined || !file.is_uploaded || file.deleted_at !== null) throw notFound();
    return serve(file, 'attachment');
  });

  app.get('/__sandbox/files/:id/public/:name', (c) => {
    const file = files.get(c.req.param('id'));
    if (file === undefined || !file.is_uploaded || file.deleted_at !== null || file.service === 'downloadable') throw notFound();
    return serve(file, 'inline');
  });

  registerProductMedia(ctx);
}
