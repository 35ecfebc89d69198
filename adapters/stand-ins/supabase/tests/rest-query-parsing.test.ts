import { describe, expect, it } from 'vitest';
import { parseFilter, parseLogic, parseOrder } from '../rest/parse-filter.js';
import { parseSelect } from '../rest/parse-select.js';
import { parsePrefer, parseRequestQuery } from '../rest/request-query.js';
import { RestError } from '../rest/rest-error.js';
import { splitTopLevel, unquote } from '../rest/split-top-level.js';

const parseError = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return error instanceof RestError ? { status: error.status, code: error.code } : error;
  }
  return 'no error';
};

describe('stand-in REST: query grammar as postgrest-js writes it', () => {
  it('splits lists outside parentheses, braces and quotes', () => {
    expect(splitTopLevel('a,b(c,d),"e,f",{g,h}')).toEqual(['a', 'b(c,d)', '"e,f"', '{g,h}']);
    expect(splitTopLevel('a,(b')).toBeNull();
    expect(splitTopLevel('a,"b')).toBeNull();
    expect(unquote('"a\\"b"')).toBe('a"b');
  });

  it('reads operators, negation, modifiers and in-lists', () => {
    expect(parseFilter('age', 'not.gte.18')).toMatchObject({ column: 'age', negate: true, op: 'gte', value: '18' });
    expect(parseFilter('search', 'fts(english).cat & dog')).toMatchObject({ op: 'fts', modifier: 'english', value: 'cat & dog' });
    expect(parseFilter('id', 'in.(1,"2,3",4)')).toMatchObject({ op: 'in', value: ['1', '2,3', '4'] });
    expect(parseFilter('id', 'in.()')).toMatchObject({ value: [] });
    expect(parseFilter('name', 'like(any).{a*,b*}')).toMatchObject({ op: 'like', modifier: 'any', value: '{a*,b*}' });
    expect(parseFilter('note', 'eq.a.b.c')).toMatchObject({ value: 'a.b.c' });
  });

  it('refuses unknown operators, stray modifiers and JSON paths with PGRST100', () => {
    expect(parseError(() => parseFilter('id', 'equals.1'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('id', 'eq(english).1'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('data->a', 'eq.1'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('ok', 'is.maybe'))).toEqual({ status: 400, code: 'PGRST100' });
  });

  it('reads nested or/and trees with quoted values', () => {
    const tree = parseLogic('or', '(a.eq.1,and(b.gt.2,c.not.is.null),d.eq."x,y")');
    expect(tree).toMatchObject({
      op: 'or',
      children: [
        { column: 'a', op: 'eq', value: '1' },
        { kind: 'logic', op: 'and', children: [{ column: 'b', op: 'gt' }, { column: 'c', op: 'is', negate: true }] },
        { column: 'd', value: 'x,y' },
      ],
    });
    expect(parseLogic('not.and', '(a.eq.1)')).toMatchObject({ negate: true, op: 'and' });
    expect(parseError(() => parseLogic('or', 'a.eq.1'))).toEqual({ status: 400, code: 'PGRST100' });
  });

  it('reads select items: aliases, casts and embeds', () => {
    expect(parseSelect('id,name:label,price::text,prompts!inner(title,category)')).toEqual([
      { kind: 'column', name: 'id', alias: null, cast: null },
      { kind: 'column', name: 'label', alias: 'name', cast: null },
      { kind: 'column', name: 'price', alias: null, cast: 'text' },
      { kind: 'embed', relation: 'prompts', alias: null, inner: true, items: [
        { kind: 'column', name: 'title', alias: null, cast: null }, { kind: 'column', name: 'category', alias: null, cast: null },
      ] },
    ]);
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseError(() => parseSelect('id::regclass'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseSelect('count()'))).toEqual({ status: 400, code: 'PGRST100' });
  });

  it('reads order, limit, offset, Range and Prefer', () => {
    expect(parseOrder('a.desc.nullslast,b')).toEqual([
      { column: 'a', descending: true, nulls: 'last' },
      { column: 'b', descending: false, nulls: null },
    ]);
    const query = parseRequestQuery(new URLSearchParams('select=id&limit=10&offset=5&title=eq.a+b'), '0-4');
    expect(query).toMatchObject({ limit: 5, offset: 5, conditions: [{ column: 'title', value: 'a b' }] });
    expect(parseError(() => parseRequestQuery(new URLSearchParams(''), '9-1'))).toEqual({ status: 416, code: 'PGRST103' });
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates')).toEqual({
      returnMode: 'representation', count: true, resolution: 'merge-duplicates', missingDefault: false,
    });
  });
});
