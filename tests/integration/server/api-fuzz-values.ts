// Hostile request bodies for the /api fuzz suite (api-fuzz.test.ts): text Postgres cannot store,
// values of the wrong type, sizes near and past the body limit, JSON that is not quite JSON.
import fc from 'fast-check';

/** JSON text written as is by `jsonText`: tokens JSON.stringify cannot make (NaN, 1e999, deep nesting). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** A value as JSON text, RawJson parts verbatim; keys such as `__proto__` are kept as own keys. */
export function jsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(jsonText).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${jsonText(item)}`).join(',')}}`;
  }
  // undefined and functions have no JSON; NaN and ±Infinity become null as JSON.stringify has them.
  return JSON.stringify(value) ?? 'null';
}

// Half a surrogate pair: JSON.stringify writes it as `\udXXX`, which JSON.parse gives back as is.
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));
const awkwardCharacter = fc.oneof(
  fc.constantFrom('\u0000', '\u0001', '\u001b', '\u007f', '\u0085', '\u2028', '\u202e', '\ufeff', '\uffff', '\ud83d\ude00', '"', '\\', '%', '/', '..', '\r\n'),
  loneSurrogate,
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

/** Short text (never empty) made of the characters that break things: NUL and other controls, lone surrogates, any code point. */
export const awkwardText = fc
  .array(fc.oneof(awkwardCharacter, fc.string({ unit: 'binary', minLength: 1, maxLength: 4 })), { minLength: 1, maxLength: 10 })
  .map((parts) => parts.join(''));

/** 10 K to 200 K characters: a short piece repeated (drawing 200 K characters one by one would be slow). */
export const hugeText = fc
  .tuple(fc.oneof(fc.constant('x'), fc.constant(' '), awkwardText), fc.integer({ min: 10_000, max: 200_000 }))
  .map(([piece, length]) => piece.repeat(Math.ceil(length / piece.length)).slice(0, length));

// 1e999 parses to Infinity; the others are not JSON at all, so the whole body is refused as such.
const numberLike = fc.constantFrom(
  ...['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '-0', '0x10', '01', '+1', '.5', '1.', '9'.repeat(400)].map((text) => new RawJson(text)),
  1e308, -1, 0, 0.5, Number.MAX_SAFE_INTEGER + 2, -Number.MAX_SAFE_INTEGER,
);

/** Up to 60,000 items: at most about 200 KB of JSON, so most reach validation rather than the 413. */
const hugeArray = fc
  .tuple(fc.constantFrom<unknown>(0, '', null, 'offline', 'c1', {}, []), fc.integer({ min: 1_000, max: 60_000 }))
  .map(([item, length]) => Array.from({ length }, () => item));

const prototypeKeys = fc.constantFrom(
  ...['{"__proto__":{"admin":true}}', '{"constructor":{"prototype":{"admin":true}}}', '{"a":1,"a":2}', '{"":null}'].map((text) => new RawJson(text)),
);

/** Anything a field should not hold: every JSON type, awkward or huge text, huge arrays, odd numbers. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, '', [], {}, ' ', 'offline'),
  numberLike,
  fc.double(),
  awkwardText,
  { arbitrary: hugeText, weight: 1 },
  { arbitrary: hugeArray, weight: 1 },
  prototypeKeys,
  fc.jsonValue({ maxDepth: 3 }),
  fc.array(awkwardText, { maxLength: 8 }),
  fc.dictionary(awkwardText, fc.jsonValue({ maxDepth: 1 }), { maxKeys: 4 }),
);

type Path = readonly (string | number)[];

/** Every place in a JSON value that can hold another value: its fields and items at any depth. */
function placesIn(value: unknown, at: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => [[...at, i], ...placesIn(item, [...at, i])]);
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, item]) => [[...at, key], ...placesIn(item, [...at, key])]);
  return [];
}

const isObject = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A copy of `value` with `replacement` at `path` (undefined: the field left out). */
function withAt(value: unknown, path: Path, replacement: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  // An earlier change may have put a scalar where an object was: the field then goes into a new one.
  const copy = (Array.isArray(value) ? [...value] : isObject(value) ? { ...(value as object) } : {}) as Record<string | number, unknown>;
  const next = withAt(copy[head], rest, replacement);
  if (next === undefined && !Array.isArray(copy)) delete copy[head];
  // Defined, not assigned: `__proto__` must become a field of the body, not its prototype.
  else Object.defineProperty(copy, head, { value: next, enumerable: true, writable: true, configurable: true });
  return copy;
}

/** Names a route does not know, and names that mean something to JavaScript. */
const unknownField = fc.constantFrom('userId', 'credits', 'role', 'id', '__proto__', 'constructor', 'prototype', '', ' ', '\u0000', '\ud800');

/**
 * A route's valid body (from the route inventory) given hostile values: one field or item changed
 * or left out, unknown fields added (at the top and inside), or the whole body something else.
 */
export function mutatedBody(valid: unknown): fc.Arbitrary<unknown> {
  const places = placesIn(valid);
  const somePlace = places.length > 0 ? fc.constantFrom(...places) : fc.constant<Path>([]);
  // Objects inside the body (settings, settings.models): unknown fields are added there too.
  const objects = places.filter((place) => isObject(place.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], valid)));
  return fc.oneof(
    fc.tuple(somePlace, hostileValue).map(([place, value]) => withAt(valid, place, value)),
    somePlace.map((place) => withAt(valid, place, undefined)),
    fc.array(fc.tuple(somePlace, hostileValue), { minLength: 2, maxLength: 4 }).map((changes) => changes.reduce((body, [place, value]) => withAt(body, place, value), valid)),
    fc.tuple(unknownField, hostileValue).map(([key, value]) => ({ ...(valid as object), [key]: value })),
    fc.tuple(fc.constantFrom<Path>([], ...objects), unknownField, hostileValue).map(([place, key, value]) => withAt(valid, [...place, key], value)),
    hostileValue,
  );
}

/** The text of a valid body in ways a JSON parser must refuse (or take with care). */
export function malformedText(validText: string): fc.Arbitrary<string> {
  return fc.oneof(
    fc.nat({ max: Math.max(0, validText.length - 1) }).map((cut) => validText.slice(0, cut)),
    fc.constantFrom(
      '', ' ', '\n\t', '{', '}', '[', ']', '{}}', '{"a":', '{"a":1,}', '{a:1}', "{'a':1}", '// note\n{}', '/* */{}', '{"a":1}{"b":2}',
      'NaN', 'Infinity', '-Infinity', '1e999', 'null', 'true', '0', '""', '"\\u"', '"\\ud800"', '"\\x00"', 'nul', '\ufeff{}',
      `${validText},`, `${validText}${validText}`, `[${validText}]`, `"${validText}"`, validText.replace(/"/g, "'"),
    ),
    awkwardText,
  );
}

/** Bytes no UTF-8 decoder takes cleanly, spliced into a valid body or alone. */
export function brokenBytes(validText: string): fc.Arbitrary<Uint8Array> {
  const broken = fc.constantFrom([0xff], [0xfe, 0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82], [0x00]);
  const valid = Buffer.from(validText, 'utf8');
  return fc.oneof(
    fc.tuple(fc.nat({ max: valid.length }), broken).map(([at, bytes]) => Buffer.concat([valid.subarray(0, at), Buffer.from(bytes), valid.subarray(at)])),
    fc.constant(Buffer.from(validText, 'utf16le')),
    fc.uint8Array({ maxLength: 2048 }),
  );
}

/** What a client might call JSON, or not: the routes take `application/json` and answer 415 to the rest. */
export const jsonishContentType = fc.constantFrom<string | undefined>(
  undefined, 'application/json', 'application/json; charset=utf-8', 'application/json; charset=utf-16', 'APPLICATION/JSON', 'application/json;;',
  'application/json-patch+json', 'application/jsonx', 'application/x-json', 'text/json', 'text/plain', 'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x', 'application/octet-stream', '', ';', '*/*', `application/json${'; x=y'.repeat(500)}`,
);

/**
 * JSON nested `depth` deep (`[`×N or `{"a":`×N), closed or cut off, as the whole body or as one
 * field of a valid body.
 */
export const deepNesting = fc
  .record({ depth: fc.integer({ min: 200, max: 20_000 }), open: fc.constantFrom('[', '{"a":'), closed: fc.boolean(), inField: fc.boolean() })
  .map(({ depth, open, closed, inField }) => {
    const close = open === '[' ? ']' : '}';
    const nested = open.repeat(depth) + (closed ? `1${close.repeat(depth)}` : '');
    return { depth, inField, nested };
  });
