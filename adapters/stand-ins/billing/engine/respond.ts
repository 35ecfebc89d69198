/**
 * JSON answers with exactly `application/json` (the SDK matches status *and* content type).
 * Dates become UTC ISO strings with `Z` through their toJSON. Serializers write every
 * nullable key as `null`: a plain JSON.stringify (a replacer doubles the cost of a 100-item page),
 * so under the test runner every body is checked and an `undefined` value is a bug (500).
 */
const CHECK_UNDEFINED = process.env.VITEST !== undefined || process.env.SANDBOX_STRICT_JSON === '1';

function findUndefined(value: unknown, path: string): string | null {
  if (value === undefined) return path;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = findUndefined(value[i], `${path}[${i}]`);
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, inner] of Object.entries(value)) {
    const found = findUndefined(inner, `${path}.${key}`);
    if (found !== null) return found;
  }
  return null;
}

export function toJson(body: unknown): string {
  if (CHECK_UNDEFINED) {
    const at = findUndefined(body, '$');
    if (at !== null) throw new Error(`sandbox serializer left ${at} undefined: write null for a nullable key, or leave the key out`);
  }
  return JSON.stringify(body);
}

/** The headers each answer was built with, as a plain object, so a middleware can add one without materialising a `Headers`. */
const plainHeaders = new WeakMap<Response, Record<string, string>>();

/** An answer whose body is JSON text already (a pre-serialised view, or lists of them joined). */
export function jsonText(text: string, status = 200, headers?: Record<string, string>): Response {
  const plain = headers === undefined ? { 'content-type': 'application/json' } : { 'content-type': 'application/json', ...headers };
  const response = new Response(text, { status, headers: plain });
  plainHeaders.set(response, plain);
  return response;
}

export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return jsonText(toJson(body), status, headers);
}

/**
 * Adds a header to an answer: into the plain headers it was built with when it is one of ours (Node's
 * adapter then writes them as they are), else through `headers` (any other Response).
 */
export function addHeader(response: Response, name: string, value: string): void {
  const plain = plainHeaders.get(response);
  if (plain === undefined) response.headers.set(name, value);
  else plain[name] = value;
}

/** 204 with no body (deletes). */
export const noContent = (): Response => new Response(null, { status: 204 });

/** 202 whose body is the JSON `null` the SDK parses (invoice generation, redeliver). */
export const acceptedNull = (): Response => json(null, 202);

export function html(markup: string, status = 200): Response {
  return new Response(markup, { status, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

/** Escapes text for HTML pages (names and e-mails are the user's input). */
export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);
