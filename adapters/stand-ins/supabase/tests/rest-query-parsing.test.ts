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

  it('refuses unknown operators, stray modifiers and broken JSON paths with PGRST100', () => {
    expect(parseError(() => parseFilter('id', 'equals.1'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('id', 'eq(english).1'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('data->', 'eq.1'))).toEqual({ status: 400, code: 'PGRST100' });
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
      { kind: 'column', name: 'id', path: [], alias: null, cast: null },
      { kind: 'column', name: 'label', path: [], alias: 'name', cast: null },
      { kind: 'column', name: 'price', path: [], alias: null, cast: 'text' },
      { kind: 'embed', relation: 'prompts', hint: null, alias: null, inner: true, spread: false, items: [
        { kind: 'column', name: 'title', path: [], alias: null, cast: null }, { kind: 'column', name: 'category', path: [], alias: null, cast: null },
      ] },
    ]);
    expect(parseSelect(null)).toEqual([{ kind: 'star' }]);
    expect(parseError(() => parseSelect('id::regclass'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseSelect('author:users!author_id!inner(name)')).toMatchObject([{ kind: 'embed', relation: 'users', hint: 'author_id', alias: 'author', inner: true }]);
    expect(parseError(() => parseSelect('users!a!b(name)'))).toEqual({ status: 400, code: 'PGRST100' });
  });

  it('reads spreads, empty embeds and aggregates', () => {
    expect(parseSelect('...users!author_id(name),tags!inner()')).toMatchObject([
      { kind: 'embed', relation: 'users', hint: 'author_id', spread: true, items: [{ kind: 'column', name: 'name' }] },
      { kind: 'embed', relation: 'tags', inner: true, spread: false, items: [] },
    ]);
    expect(parseSelect('count(),n:count()::text,amount::int.sum(),total:price.avg()::int')).toEqual([
      { kind: 'aggregate', fn: 'count', field: null, inputCast: null, alias: null, cast: null },
      { kind: 'aggregate', fn: 'count', field: null, inputCast: null, alias: 'n', cast: 'text' },
      { kind: 'aggregate', fn: 'sum', field: { name: 'amount', path: [] }, inputCast: 'int', alias: null, cast: null },
      { kind: 'aggregate', fn: 'avg', field: { name: 'price', path: [] }, inputCast: null, alias: 'total', cast: 'int' },
    ]);
    expect(parseError(() => parseSelect('a:...users(name)'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseSelect('amount.median()'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseSelect('amount.sum()::regclass'))).toEqual({ status: 400, code: 'PGRST100' });
  });

  it('reads JSON paths and quoted names', () => {
    expect(parseSelect('data->a->>b,x:data->list->-1,"a b"->>"c d","kind-of"')).toEqual([
      { kind: 'column', name: 'data', path: [{ text: false, key: 'a', index: false }, { text: true, key: 'b', index: false }], alias: null, cast: null },
      { kind: 'column', name: 'data', path: [{ text: false, key: 'list', index: false }, { text: false, key: '-1', index: true }], alias: 'x', cast: null },
      { kind: 'column', name: 'a b', path: [{ text: true, key: 'c d', index: false }], alias: null, cast: null },
      { kind: 'column', name: 'kind-of', path: [], alias: null, cast: null },
    ]);
    expect(parseFilter('data->a->>b', 'eq.1')).toMatchObject({ column: 'data', path: [{ key: 'a' }, { key: 'b', text: true }] });
    expect(parseOrder('data->>rank.desc,"a.b".nullsfirst')).toMatchObject([
      { column: 'data', path: [{ key: 'rank', text: true }], descending: true },
      { column: 'a.b', path: [], nulls: 'first' },
    ]);
    expect(parseError(() => parseSelect('data->'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('data->>', 'eq.1'))).toEqual({ status: 400, code: 'PGRST100' });
    expect(parseError(() => parseFilter('"open', 'eq.1'))).toEqual({ status: 400, code: 'PGRST100' });
  });

  it('reads order, limit, offset, Range and Prefer', () => {
    expect(parseOrder('a.desc.nullslast,b')).toEqual([
      { column: 'a', path: [], descending: true, nulls: 'last' },
      { column: 'b', path: [], descending: false, nulls: null },
    ]);
    const query = parseRequestQuery(new URLSearchParams('select=id&limit=10&offset=5&title=eq.a+b'), '0-4');
    expect(query).toMatchObject({ limit: 5, offset: 5, conditions: [{ column: 'title', value: 'a b' }] });
    expect(parseError(() => parseRequestQuery(new URLSearchParams(''), '9-1'))).toEqual({ status: 416, code: 'PGRST103' });
    expect(parsePrefer('return=representation, count=exact,resolution=merge-duplicates')).toMatchObject({
      returnMode: 'representation', count: 'exact', resolution: 'merge-duplicates', missingDefault: false, tx: null, maxAffected: null,
    });
  });

  it('reads Prefer as PostgREST 12: the first value wins, max-affected only when strict, unknown tokens refused when strict', () => {
    expect(parsePrefer('count=planned, count=exact, tx=rollback')).toMatchObject({ count: 'planned', tx: 'rollback', applied: ['count=planned', 'tx=rollback'] });
    expect(parsePrefer('max-affected=5')).toMatchObject({ maxAffected: null, applied: [] });
    expect(parsePrefer('handling=strict, max-affected=5')).toMatchObject({ maxAffected: 5, applied: ['handling=strict', 'max-affected=5'] });
    expect(parsePrefer('timezone=Europe/Paris', new Set(['Europe/Paris']))).toMatchObject({ timezone: 'Europe/Paris' });
    expect(parsePrefer('timezone=Mars/Base')).toMatchObject({ timezone: null, applied: [] });
    expect(parseError(() => parsePrefer('handling=strict, return=everything'))).toEqual({ status: 400, code: 'PGRST122' });
    expect(parseError(() => parsePrefer('handling=strict, timezone=Mars/Base'))).toEqual({ status: 400, code: 'PGRST122' });
  });

  it('reads filters, order and paging on embeds by their path', () => {
    const query = parseRequestQuery(new URLSearchParams('select=a,b(c(d))&b.c.d=eq.1&b.order=x.desc&b.limit=2&b.offset=1&b.or=(y.eq.1,y.eq.2)'), null);
    expect(query.conditions).toEqual([]);
    expect(query.embedded.get('b.c')).toMatchObject({ conditions: [{ column: 'd', op: 'eq', value: '1' }] });
    expect(query.embedded.get('b')).toMatchObject({ order: [{ column: 'x', descending: true }], limit: 2, offset: 1, conditions: [{ kind: 'logic', op: 'or' }] });
  });
});
