import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { attachmentIdParam, attachmentUploadQuery, type attachmentAnswer, type attachmentLinkAnswer } from '../../../adapters/api-contract/api-contract.js';
import { checkFile } from '../../../core/chat/index.js';
import type { DomainError } from '../../../core/shared/index.js';
import { apiError, domainFailure } from '../http/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readStreamedBody } from '../http/body-limit.js';
import { checked } from '../http/validate.js';

/**
 * A refused file by what was wrong: 415 its type, 413 its size in bytes (`maxBytes`) or an image's
 * pixels (`maxSidePixels`, `width`, `height`), the limit stated in the message too; a PDF past a
 * reading limit 413 (what it unpacks to) or 422 (memory, time), named in `limit`; 400 the rest.
 */
function refusal(c: Context<AppEnv>, error: DomainError) {
  const details = error.details ?? {};
  const reason = details.reason;
  if (reason === 'unsupported_type') return apiError(c, 415, 'unsupported_media_type', error.message, { reason });
  // A PDF past a reading limit (what it unpacks to, memory, time): the limit by name and its figure.
  if (typeof details.limit === 'string') {
    const figures = { reason, limit: details.limit, max: details.max };
    return reason === 'too_large' ? apiError(c, 413, 'payload_too_large', error.message, figures) : apiError(c, 422, 'validation', error.message, figures);
  }
  if (reason === 'too_large') {
    const figures = details.maxSidePixels === undefined
      ? { maxBytes: details.limit }
      : { maxSidePixels: details.maxSidePixels, width: details.width, height: details.height };
    return apiError(c, 413, 'payload_too_large', error.message, { reason, ...figures });
  }
  return domainFailure(c, error);
}

/**
 * /api/attachments: the caller's files. `POST ?name=<file name>` with the file as the body and its
 * type as Content-Type (201 `{attachment}`); `GET /:id/content` the bytes; `GET /:id/link` an address
 * that serves them for a few minutes without credentials; `DELETE /:id` (204). Another user's id is
 * 404, as a missing one.
 */
export function attachmentRoutes(): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();

  routes.post('/', async (c) => {
    const query = checked(c, attachmentUploadQuery, c.req.query(), 'query');
    if (!query.ok) return query.response;
    const type = c.req.header('content-type') ?? '';
    // Type and declared size are checked before a byte of the body is read.
    const declared = Number(c.req.header('content-length') ?? NaN);
    if (Number.isFinite(declared)) {
      const first = checkFile({ name: query.data.name, type, size: Math.max(1, declared) });
      if ('reason' in first && first.reason !== 'invalid') {
        return refusal(c, { code: 'validation', message: first.message, details: { reason: first.reason, ...('limit' in first ? { limit: first.limit, kind: first.kind } : {}) } });
      }
    }
    // Read only now that the caller is known (body-limit.ts streams this route's body, counted).
    const body = await readStreamedBody(c);
    if (!body.ok) return body.response;
    const saved = await c.get('useCases').attachFile({ name: query.data.name, type, bytes: body.bytes });
    return saved.success ? c.json({ attachment: saved.data } satisfies z.input<typeof attachmentAnswer>, 201) : refusal(c, saved.error);
  });

  routes.get('/:id/content', async (c) => {
    const params = checked(c, attachmentIdParam, c.req.param(), 'attachment');
    if (!params.ok) return params.response;
    const read = await c.get('useCases').readAttachment({ attachmentId: params.data.id });
    if (!read.success) return domainFailure(c, read.error);
    const { attachment, bytes } = read.data;
    const inline = attachment.kind === 'image';
    return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': attachment.kind === 'image' ? attachment.mediaType : attachment.kind === 'pdf' ? 'application/pdf' : `${attachment.mediaType}; charset=utf-8`,
      'Content-Length': String(bytes.byteLength),
      // Only images show in the page; anything else downloads (the app's CSP and nosniff apply too).
      'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(attachment.name)}`,
      'Cache-Control': 'private, max-age=3600',
    });
  });

  routes.get('/:id/link', async (c) => {
    const params = checked(c, attachmentIdParam, c.req.param(), 'attachment');
    if (!params.ok) return params.response;
    const link = await c.get('useCases').getAttachmentLink({ attachmentId: params.data.id });
    return link.success ? c.json(link.data satisfies z.input<typeof attachmentLinkAnswer>) : domainFailure(c, link.error);
  });

  routes.delete('/:id', async (c) => {
    const params = checked(c, attachmentIdParam, c.req.param(), 'attachment');
    if (!params.ok) return params.response;
    const removed = await c.get('useCases').removeAttachment({ attachmentId: params.data.id });
    return removed.success ? c.body(null, 204) : domainFailure(c, removed.error);
  });
  return routes;
}
