// The REST side's two per-request caches, alone: verified tokens (checked once, kept until they expire by the
// stand-in's clock, least recently used evicted first, failures never kept) and query shapes (SQL built once per
// shape, each request's values bound in their places, per schema cache).
import { describe, expect, it } from 'vitest';
import { cachingVerifier } from '../rest/caller.js';
import { QueryShapes, type Built } from '../rest/query-shapes.js';
import type { SchemaCache } from '../rest/schema-cache.js';

describe('verified-token cache', () => {
  const counting = (claimsOf: (token: string) => Record<string, unknown>) => {
    const calls: string[] = [];
    const verify = (token: string) => {
      calls.push(token);
      if (token.startsWith('bad')) return Promise.reject(Object.assign(new Error('bad signature'), { code: 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' }));
      return Promise.resolve(claimsOf(token));
    };
    return { calls, verify };
  };

  it('checks a token once and answers its claims until it expires by the given clock', async () => {
    let now = 1_000_000;
    const { calls, verify } = counting(() => ({ role: 'authenticated', exp: 1_060 }));
    const cached = cachingVerifier(verify, () => now);
    expect(await cached('a')).toEqual({ role: 'authenticated', exp: 1_060 });
    expect(await cached('a')).toEqual({ role: 'authenticated', exp: 1_060 });
    expect(calls).toEqual(['a']);
    now = 1_060_000;
    await cached('a');
    expect(calls).toEqual(['a', 'a']);
  });

  it('never keeps a failure, and keys by the exact token', async () => {
    const { calls, verify } = counting((token) => ({ role: 'anon', token }));
    const cached = cachingVerifier(verify, () => 0);
    await expect(cached('bad-1')).rejects.toThrow('bad signature');
    await expect(cached('bad-1')).rejects.toThrow('bad signature');
    expect(await cached('good')).toEqual({ role: 'anon', token: 'good' });
    expect(await cached('good ')).toEqual({ role: 'anon', token: 'good ' });
    expect(calls).toEqual(['bad-1', 'bad-1', 'good', 'good ']);
  });

  it('evicts the least recently used token past its size', async () => {
    const { calls, verify } = counting(() => ({ role: 'anon' }));
    const cached = cachingVerifier(verify, () => 0, 2);
    await cached('a');
    await cached('b');
    await cached('a'); // a is now the most recent
    await cached('c'); // evicts b
    await cached('a');
    await cached('b');
    expect(calls).toEqual(['a', 'b', 'c', 'b']);
  });
});

describe('query-shape cache', () => {
  const schema = (name: string) => ({ schema: name }) as unknown as SchemaCache;
  // A stand-in for a statement builder: a parameter per filter value, and the SQL names the filters it read.
  const builder = () => {
    const builds: string[] = [];
    const build = (search: URLSearchParams): Built<{ sql: string }> => {
      const values: unknown[] = [];
      const parts: string[] = [];
      for (const [key, value] of search) {
        if (key === 'select') parts.push(`select ${value}`);
        else if (value.startsWith('like.')) parts.push(`${key} like '${value.slice(5)}'`);
        else {
          const dot = value.indexOf('.', value.startsWith('not.') ? 4 : 0);
          if (key === 'bad') throw new Error(`cannot read ${key}=${value}`);
          values.push(value.slice(dot + 1));
          parts.push(`${key} ${value.slice(0, dot)} $${values.length}`);
        }
      }
      const sql = parts.join(' and ');
      builds.push(sql);
      return { compiled: { sql }, values };
    };
    return { builds, build };
  };

  it('builds a shape once and binds each request its own values', () => {
    const shapes = new QueryShapes();
    const { builds, build } = builder();
    const cache = schema('public');
    const first = shapes.statement(cache, 'notes', new URLSearchParams('select=id&id=eq.1&n=not.gt.5'), build);
    const second = shapes.statement(cache, 'notes', new URLSearchParams('select=id&id=eq.2&n=not.gt.7'), build);
    expect(first).toEqual({ compiled: { sql: 'select id and id eq $1 and n not.gt $2' }, values: ['1', '5'] });
    expect(second).toEqual({ compiled: { sql: 'select id and id eq $1 and n not.gt $2' }, values: ['2', '7'] });
    expect(builds).toHaveLength(1);
  });

  it('keeps apart what changes the SQL: the select, the operator, the context, values that are not lifted, the schema cache', () => {
    const shapes = new QueryShapes();
    const { builds, build } = builder();
    const cache = schema('public');
    shapes.statement(cache, 'notes', new URLSearchParams('select=id&id=eq.1'), build);
    shapes.statement(cache, 'notes', new URLSearchParams('select=id,body&id=eq.1'), build);
    shapes.statement(cache, 'notes', new URLSearchParams('select=id&id=gt.1'), build);
    shapes.statement(cache, 'other', new URLSearchParams('select=id&id=eq.1'), build);
    expect(shapes.statement(cache, 'notes', new URLSearchParams('select=id&body=like.a*'), build).compiled.sql).toBe("select id and body like 'a*'");
    expect(shapes.statement(cache, 'notes', new URLSearchParams('select=id&body=like.b*'), build).compiled.sql).toBe("select id and body like 'b*'");
    // A reloaded schema is a new schema cache: its shapes start again.
    shapes.statement(schema('public'), 'notes', new URLSearchParams('select=id&id=eq.1'), build);
    expect(builds).toHaveLength(7);
  });

  it('a build that fails is done again with the client\'s own values, so the error names them, and nothing is kept', () => {
    const shapes = new QueryShapes();
    const { builds, build } = builder();
    const cache = schema('public');
    for (const value of ['7', '8']) {
      expect(() => shapes.statement(cache, 'notes', new URLSearchParams(`id=eq.1&bad=eq.${value}`), build)).toThrow(new Error(`cannot read bad=eq.${value}`));
    }
    expect(builds).toEqual([]);
  });

  it('a shape whose lifted value ends up in the SQL text is not kept', () => {
    const shapes = new QueryShapes();
    let builds = 0;
    const splicing = (search: URLSearchParams): Built<{ sql: string }> => {
      builds++;
      return { compiled: { sql: `id = '${search.get('id')}'` }, values: [] };
    };
    const cache = schema('public');
    expect(shapes.statement(cache, 'notes', new URLSearchParams('id=eq.1'), splicing).compiled.sql).toBe("id = 'eq.1'");
    expect(shapes.statement(cache, 'notes', new URLSearchParams('id=eq.2'), splicing).compiled.sql).toBe("id = 'eq.2'");
    expect(builds).toBe(4);
  });

  it('keeps at most its size of shapes per schema cache, the least recently used going first', () => {
    const shapes = new QueryShapes(2);
    const { builds, build } = builder();
    const cache = schema('public');
    const read = (select: string) => shapes.statement(cache, 'notes', new URLSearchParams(`select=${select}&id=eq.1`), build);
    read('a');
    read('b');
    read('a');
    read('c');
    read('a');
    read('b');
    expect(builds.map((sql) => sql.split(' ')[1])).toEqual(['a', 'b', 'c', 'b']);
  });
});
