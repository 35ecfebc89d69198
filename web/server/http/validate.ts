import type { Context } from 'hono';
import type { z } from 'zod';
import { hasUnstorableText } from '../../../core/chat/index.js';
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
  const bad = unstorablePath(value, []);
  if (bad !== null) {
    const field = bad.length > 0 ? `body ${bad.join('.')}` : 'body';
    return { ok: false, response: apiError(c, 400, 'validation', `${field}: contains a character that cannot be stored (NUL or a broken Unicode surrogate)`, { issues: [{ path: bad.join('.'), message: 'unstorable character' }] }) };
  }
  return checked(c, schema, value, 'body');
}

/** Where in a parsed JSON value a string (or key) holds text Postgres refuses; null when none does. */
function unstorablePath(value: unknown, at: (string | number)[]): (string | number)[] | null {
  if (typeof value === 'string') return hasUnstorableText(value) ? at : null;
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) {
      const found = unstorablePath(item, [...at, i]);
      if (found) return found;
    }
    return null;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (hasUnstorableText(key)) return [...at, key];
      const found = unstorablePath(item, [...at, key]);
      if (found) return found;
    }
  }
  return null;
}

/** A path or query string with a control character (NUL among them) is refused before any route runs. */
export function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return hasUnstorableText(text);
}
