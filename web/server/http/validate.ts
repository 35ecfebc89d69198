import type { Context, MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import { hasUnstorableText } from '../../../core/chat/index.js';
import { apiError } from './api-error.js';
import { jsonBoundsMessage, jsonBoundsProblem } from './json-bounds.js';

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
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    return { ok: false, response: apiError(c, 415, 'unsupported_media_type', 'Send the body as JSON (Content-Type: application/json)') };
  }
  const text = await c.req.text();
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, response: apiError(c, 413, 'payload_too_large', `The body must be at most ${maxBytes} bytes`) };
  const bounds = jsonBoundsProblem(text);
  if (bounds !== null) return { ok: false, response: apiError(c, 400, 'validation', jsonBoundsMessage(bounds), { limit: bounds.limit, max: bounds.max }) };
  let value: unknown;
  try {
    value = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: apiError(c, 400, 'validation', 'The body is not valid JSON') };
  }
  const bad = unstorablePath(value);
  if (bad !== null) {
    const field = bad.length > 0 ? `body ${bad.join('.')}` : 'body';
    return { ok: false, response: apiError(c, 400, 'validation', `${field}: contains a character that cannot be stored (NUL or a broken Unicode surrogate)`, { issues: [{ path: bad.join('.'), message: 'unstorable character' }] }) };
  }
  return checked(c, schema, value, 'body');
}

/**
 * Where in a parsed JSON value a string (or key) holds text Postgres refuses; null when none does.
 * Walked with a stack of its own, each value once, and the path built only for the value found.
 */
function unstorablePath(root: unknown): (string | number)[] | null {
  type Frame = { value: unknown; key: string | number; parent: Frame | null };
  const pathOf = (frame: Frame | null, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let at = frame; at !== null && at.parent !== null; at = at.parent) path.unshift(at.key);
    return path;
  };
  const stack: Frame[] = [{ value: root, key: '', parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    const { value } = frame;
    if (typeof value === 'string') {
      if (hasUnstorableText(value)) return pathOf(frame);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i -= 1) stack.push({ value: value[i], key: i, parent: frame });
    } else if (typeof value === 'object' && value !== null) {
      const entries = Object.entries(value);
      for (const [key] of entries) if (hasUnstorableText(key)) return pathOf(frame, key);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push({ value: item, key, parent: frame });
      }
    }
  }
  return null;
}

/**
 * Text Postgres refuses never reaches a route: a NUL (or any control character) in the decoded path
 * or query is a 400 here, before authentication, whichever route it names. (Hono has no such check.)
 */
export function refuseControlCharacters(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname) + decodeURIComponent(url.search.replace(/\+/g, ' '));
    } catch {
      return apiError(c, 400, 'validation', 'The address is not valid percent-encoded UTF-8');
    }
    if (hasControlCharacters(decoded)) return apiError(c, 400, 'validation', 'The address contains a control character (such as NUL); remove it');
    await next();
  };
}

/** A path or query string with a control character (NUL among them) is refused before any route runs. */
function hasControlCharacters(text: string): boolean {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return hasUnstorableText(text);
}
