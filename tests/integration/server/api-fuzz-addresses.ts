// Hostile addresses and headers for the /api fuzz suite (api-fuzz.test.ts): ids and path segments
// that try to climb out of their route, query strings no route expects, header values at the edges.
import fc from 'fast-check';
import { awkwardText } from './api-fuzz-values.js';

/**
 * Node answers 431 itself, with no body, when the request line and headers pass 16 KiB: the app
 * never sees such a request. Addresses (6,000) and fuzzed header values (3,000 each, two at most)
 * stay under that with the token beside them.
 */
const MAX_ADDRESS_CHARS = 6_000;
const MAX_HEADER_CHARS = 3_000;

/** Every byte of the UTF-8 text percent-encoded: how a browser sends text it cannot put in a URL. */
export const percentEncoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

// Percent-escapes that decode to NUL, to half a surrogate pair (not UTF-8 at all), to a slash or a dot.
const trickyEscapes = ['%00', '%ED%A0%80', '%ED%B0%80', '%C0%80', '%C0%AE', '%FF', '%EF%BF%BF', '%2F', '%5C', '%2e', '%2E%2E', '%252e%252e', '%', '%z', '%zz', '%3F', '%23', '%0A', '%0D%0A', '%7F'];

/**
 * An id segment: `..` and its encodings, NUL, encoded slashes, broken escapes, very long ids. Raw
 * bytes over 0x7E and backslashes are not among them: Node's parser answers those 400 itself,
 * with no body, before the app sees the request.
 */
export const hostileSegment = fc.oneof(
  fc.constantFrom(
    '..', '.', '...', '%2e%2e', '.%2e', '%2e.', '..%2F..%2F..%2Fetc%2Fpasswd', 'c1%00', '%00c1', 'a%2Fb', 'c1%2F..', ';', 'c1;x=1', '~', '*', '$', "'", '"', '<script>', '#', '?',
    '%20', '+', '-1', '0', 'NaN', 'null', 'undefined', '__proto__', 'constructor', '00000000-0000-0000-0000-000000000000',
    ...trickyEscapes,
  ),
  fc.integer({ min: 101, max: MAX_ADDRESS_CHARS }).map((length) => 'x'.repeat(length)),
  awkwardText.map(percentEncoded),
  fc.uuid(),
);

/**
 * Ways to bend a route's whole path: dot segments, doubled or encoded slashes, case, trailing bytes.
 * Each keeps the path under /api/ (what lies outside is the web client's, served as pages).
 */
const PATH_TRICKS: readonly (readonly [string, (path: string) => string])[] = [
  ['trailing slash', (p) => `${p}/`],
  ['double slash', (p) => p.replace('/api/', '/api//')],
  ['dot segment', (p) => p.replace('/api/', '/api/./')],
  ['dot-dot segment', (p) => p.replace('/api/', '/api/x/../')],
  ['encoded dot-dot', (p) => p.replace('/api/', '/api/x/%2e%2e/')],
  ['climb out', (p) => `/api/..%2f..%2f..${p}`],
  ['NUL suffix', (p) => `${p}%00`],
  ['NUL segment', (p) => `${p}/%00`],
  ['dot-dot suffix', (p) => `${p}/..`],
  ['upper case', (p) => `/api/${p.slice(5).toUpperCase()}`],
  ['encoded slashes', (p) => `/api/${p.slice(5).replace(/\//g, '%2F')}`],
  ['matrix parameter', (p) => `${p};x=1`],
  ['long tail', (p) => `${p}/${'a/'.repeat(2_000)}`],
];
export const pathTrick = fc.constantFrom(...PATH_TRICKS);

const queryKey = fc.oneof(
  fc.constantFrom('limit', 'q', 'lang', 'after', 'name', 'userId', '__proto__', 'constructor', 'limit[]', 'q[a]', '', '%00', '%ED%A0%80', '%'),
  fc.integer({ min: 100, max: 2_000 }).map((length) => 'k'.repeat(length)),
);
const queryValue = fc.oneof(
  fc.constantFrom(
    '', 'NaN', 'Infinity', '-Infinity', '1e999', '-1', '0', '1.5', '0x10', '9'.repeat(400), 'true', 'null', '[]', '{}', '+', '%2B', '=', '==', '&', 'en', 'xx-XX',
    '..%2F..%2Fetc%2Fpasswd', 'notes.txt%00.pdf', ...trickyEscapes,
  ),
  awkwardText.map(percentEncoded),
  fc.integer({ min: 1_000, max: MAX_ADDRESS_CHARS }).map((length) => 'q'.repeat(length)),
);

/** A query string (without its `?`): known and unknown keys, repeated keys, bare keys, odd values. */
export const hostileQuery = fc.oneof(
  fc
    .array(fc.tuple(queryKey, queryValue, fc.boolean()), { minLength: 1, maxLength: 6 })
    .map((pairs) => pairs.map(([key, value, bare]) => (bare ? key : `${key}=${value}`)).join('&')),
  fc.constantFrom('', '?', '&&&', '=', '==&=', '%', 'limit=1&limit=2', 'limit=1;limit=2', 'limit=%31'),
);

/** A request target of at most MAX_ADDRESS_CHARS (see there); a cut-off escape at the end is fine. */
export const addressOf = (path: string, query: string | null) => (query === null ? path : `${path}?${query}`).slice(0, MAX_ADDRESS_CHARS);

/**
 * A header value Node will send (no CR, LF or NUL, characters up to U+00FF): empty, very long,
 * Latin-1 bytes, tabs, a bearer token that is not one.
 */
export const hostileHeaderValue = fc.oneof(
  fc.constantFrom('', ' ', '\t', 'Bearer', 'Bearer ', 'Bearer  x', 'Basic dXNlcjpwYXNz', 'Bearer not.a.jwt', 'Bearer e30.e30.', 'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0.', '\u00ff\u00fe', 'null'),
  fc.integer({ min: 100, max: MAX_HEADER_CHARS }).map((length) => `Bearer ${'a'.repeat(length)}`),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).filter((code) => code !== 0x7f).map((code) => String.fromCharCode(code)), maxLength: 200 }),
);
