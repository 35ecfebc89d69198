import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit as honoBodyLimit } from 'hono/body-limit';
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
const tooLarge = (c: Context, max: number) =>
  apiError(c, 413, 'payload_too_large', `The body must be at most ${max} bytes`, { maxBytes: max });

/**
 * Routes whose body is handed on unread, as a counted stream (`streamedBodyLimit`), for the route to
 * read once it knows the caller. The server's upload timeouts (start-app-server.ts) name them too.
 */
export const STREAMED_BODY_PATHS: ReadonlySet<string> = new Set(['/api/attachments']);

/** A streamed body (see `streamedBodyLimit`) passed its route's limit while the route read it. */
export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The body must be at most ${maxBytes} bytes`);
    this.name = 'BodyTooLargeError';
  }
}

/**
 * Refuses a body over `max` bytes while it streams in, answering the project's 413: a declared
 * Content-Length over the limit is refused at once, without reading the body; a chunked body is
 * counted as it arrives by Hono's bodyLimit, refused as soon as it passes `max`, or kept (at most
 * `max` bytes) for the route to read. GET and HEAD pass untouched.
 */
export function bodyLimit(max: number): MiddlewareHandler<AppEnv> {
  const chunked = honoBodyLimit({ maxSize: max, onError: (c) => tooLarge(c, max) });
  return async (c, next) => {
    // The declared length is checked here, not by Hono's bodyLimit: it takes `c.req.raw.body` first,
    // which on @hono/node-server starts reading the socket, and a connection answered 413 that way
    // fails the client's next request on it.
    const declared = declaredLength(c);
    if (declared === 'none') return next();
    if (declared !== 'chunked') return declared > max ? tooLarge(c, max) : next();
    return chunked(c, next);
  };
}

/** What the request says of its body's length, read from its headers alone (its body is not touched). */
function declaredLength(c: Context): number | 'chunked' | 'none' {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return 'none';
  const declared = c.req.header('content-length');
  // Node's parser has checked the header's syntax and stops the body at this length.
  return declared !== undefined && c.req.header('transfer-encoding') === undefined ? Number(declared) : 'chunked';
}

/**
 * Hand-written because Hono's bodyLimit reads a chunked body whole before the route runs: here it is
 * not read at all but handed on as a stream that counts what the route reads and fails with
 * BodyTooLargeError past `max` (see `readStreamedBody`), so an upload of up to 10 MB is never held
 * for someone who is not signed in (the gate after this answers 401 first, and what the client still
 * sends is discarded, never kept). A declared Content-Length over `max` is 413 at once.
 */
export function streamedBodyLimit(max: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const declared = declaredLength(c);
    if (declared === 'none') return next();
    if (declared !== 'chunked') return declared > max ? tooLarge(c, max) : next();
    const body = c.req.raw.body;
    if (body !== null) c.req.raw = new Request(c.req.raw, { body: counted(body, max), duplex: 'half' } as RequestInit);
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
