import type { Context } from 'hono';
import type { z } from 'zod';
import { apiError } from './api-error.js';

export type Parsed<T> = { ok: true; data: T } | { ok: false; response: Response };

/** A zod verdict as 400 `{error:'validation', message, details.issues}`: the first issue is the message. */
export function checked<S extends z.ZodType>(c: Context, schema: S, input: unknown, where: string): Parsed<z.output<S>> {
  const result = schema.safeParse(input);
  if (result.success) return { ok: true, data: result.data };
  const issues = result.error.issues.map((i) => ({ path: i.path.map(String).join('.'), message: i.message }));
  const first = issues[0];
  const message = first ? (first.path ? `${where} ${first.path}: ${first.message}` : `${where}: ${first.message}`) : `Invalid ${where}`;
  return { ok: false, response: apiError(c, 400, 'validation', message, { issues }) };
}

/** The JSON body, or a 400 saying why not (not JSON, not an object, too large). */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S, maxBytes = 256 * 1024): Promise<Parsed<z.output<S>>> {
  const type = c.req.header('content-type') ?? '';
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, response: apiError(c, 415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json)') };
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, response: apiError(c, 413, 'payload_too_large', `The body must be at most ${maxBytes} bytes`) };
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(c, 400, 'validation', 'The body is not valid JSON') };
  }
  return checked(c, schema, value, 'body');
}
