import { describe, expect, it } from 'vitest';
import { jsonBoundsProblem } from '../../../web/server/http/json-bounds.js';

describe('a JSON body is measured before it is parsed or walked', () => {
  it('counts the nesting of arrays and objects, whatever their mix', () => {
    expect(jsonBoundsProblem('[[[]]]', 3)).toBeNull();
    expect(jsonBoundsProblem('[[[[]]]]', 3)).toEqual({ limit: 'depth', max: 3 });
    expect(jsonBoundsProblem('{"a":{"b":[{}]}}', 3)).toEqual({ limit: 'depth', max: 3 });
    expect(jsonBoundsProblem('{"a":{"b":[1]}}', 3)).toBeNull();
  });

  it('stops at the first level past the limit, even in a body of ten thousand levels', () => {
    expect(jsonBoundsProblem('['.repeat(10_000) + ']'.repeat(10_000))).toEqual({ limit: 'depth', max: 32 });
  });

  it('does not count brackets, braces or commas inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ message: `${'['.repeat(100)} a "quoted \\" part", ${','.repeat(100)} {{{` });
    expect(jsonBoundsProblem(text, 2, 5)).toBeNull();
  });

  it('counts array items and object members at every level together', () => {
    expect(jsonBoundsProblem(JSON.stringify(Array.from({ length: 10 }, () => 0)), 32, 11)).toBeNull();
    expect(jsonBoundsProblem(JSON.stringify({ a: Array.from({ length: 10 }, () => 0), b: 1 }), 32, 11)).toEqual({ limit: 'values', max: 11 });
  });

  it('lets an ordinary chat body through', () => {
    const body = JSON.stringify({ message: 'Compare these [1, 2, 3]', modelIds: ['offline', 'offline-brief'], attachments: [{ id: 'a1' }] });
    expect(jsonBoundsProblem(body)).toBeNull();
  });
});
