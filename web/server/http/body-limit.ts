import type { Context, MiddlewareHandler } from 'hono';
import { MAX_ATTACHMENT_BYTES } from '../../../core/chat/index.js';
import { apiError } from './api-error.js';
import type { AppEnv } from './app-env.js';

/** JSON routes: a chat message is at most a few dozen KiB; this leaves room and no more. */
export const JSON_BODY_LIMIT_BYTES = 256 * 1024;
/**
 * Billing webhooks: the provider's events are a few KiB (a subscription with its customer, product
 * and benefits); the provider states no maximum, so 1 MiB leaves ample room.
 */
export const WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
/** Uploads of attachments: the largest kind's limit (a PDF, 10 MB); the route holds each kind to its own. */
export const ATTACHMENT_BODY_LIMIT_BYTES = MAX_ATTACHMENT_BYTES;

// The rest of the body is never buffered: after the answer, @hono/node-server discards what still
// arrives for a moment (at most 64 MiB or 500 ms) and then closes the connection. Closing at once
// would make a client still uploading lose the answer to a TCP reset before it could read it.
const tooLarge = (c: Context<AppEnv>, max: number) =>
  apiError(c, 413, 'payload_too_large', `The body must be at most ${max} bytes`, { maxBytes: max });

/**
 * Routes whose body is handed on unread, as a counted stream, for the route to read once it knows
 * the caller: an upload of up to 10 MB is never held for someone who is not signed in (the user
 * sub-app answers 401 first, and what the client still sends is discarded, never kept).
 */
export const STREAMED_BODY_PATHS: ReadonlySet<string> = new Set(['/api/attachments']);

/** A streamed body (see `bodyLimit`) passed its route's limit while the route read it. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body must be at most ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Refuses a body over `limitFor(path)` bytes while it streams in, before any of it is buffered past
 * the limit: a declared Content-Length over the limit is 413 at once, without reading the body; a
 * chunked body is counted as it arrives and refused as soon as it passes the limit. Within the limit,
 * a chunked body is kept (at most `limit` bytes) for the route to read, except on the `streamed`
 * paths: there it is not read here at all but handed on as a stream that counts what the route reads
 * and fails with BodyTooLargeError past the limit (see `readStreamedBody`).
 */
export function bodyLimit(limitFor: (path: string) => number, streamed: (path: string) => boolean = (path) => STREAMED_BODY_PATHS.has(path)): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const max = limitFor(c.req.path);
    const declared = c.req.header('content-length');
    if (declared !== undefined && c.req.header('transfer-encoding') === undefined) {
      // Node's parser has checked the header's syntax and stops the body at this length.
      return Number(declared) > max ? tooLarge(c, max) : next();
    }
    const body = c.req.raw.body;
    if (body === null) return next();
    if (streamed(c.req.path)) {
      c.req.raw = new Request(c.req.raw, { body: counted(body, max), duplex: 'half' } as RequestInit);
      return next();
    }
    const reader = body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > max) {
        void reader.cancel().catch(() => undefined);
        return tooLarge(c, max);
      }
      chunks.push(value);
    }
    c.req.raw = new Request(c.req.raw, { body: Buffer.concat(chunks, size) });
    return next();
  };
}

/** The body as its reader pulls it (nothing is read ahead), failing once more than `max` bytes came. */
function counted(body: ReadableStream<Uint8Array>, max: number): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  let size = 0;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        size += value.byteLength;
        if (size > max) {
          void reader.cancel().catch(() => undefined);
          return controller.error(new BodyTooLargeError(max));
        }
        controller.enqueue(value);
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
}

/**
 * The whole body of a request on a streamed path (the caller is known by now), or the 413 when it
 * passed the limit while it was read. Other failures (the client went away) are thrown.
 */
export async function readStreamedBody(c: Context<AppEnv>): Promise<{ ok: true; bytes: Uint8Array } | { ok: false; response: Response }> {
  try {
    return { ok: true, bytes: new Uint8Array(await c.req.arrayBuffer()) };
  } catch (error) {
    const cause = error instanceof BodyTooLargeError ? error : (error as { cause?: unknown } | null)?.cause;
    if (cause instanceof BodyTooLargeError) return { ok: false, response: tooLarge(c, cause.maxBytes) };
    throw error;
  }
}

/**
 * Whether an error means the client went away (closed the connection, aborted its upload): not a
 * server fault, so it is logged as information and answered with nothing anyone will read.
 */
export function isClientGone(c: Context, error: unknown): boolean {
  if (c.req.raw.signal?.aborted) return true;
  const e = error as { code?: unknown; message?: unknown } | null;
  if (e === null || typeof e !== 'object') return false;
  if (e.code === 'ECONNRESET' || e.code === 'ERR_STREAM_PREMATURE_CLOSE') return true;
  return typeof e.message === 'string' && /aborted|prematurely closed/i.test(e.message);
}
