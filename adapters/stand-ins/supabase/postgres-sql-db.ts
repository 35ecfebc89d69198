import pg from 'pg';
import type { SqlDb, SqlQueryable, SqlResult } from './sql-db.js';

const INT8 = 20;
const DATE = 1082;
const TEXT_ARRAY = 1009;
/** name[], "char"[] (catalog arrays PGlite reads as text arrays; node-postgres leaves them as literals) */
const TEXT_LIKE_ARRAYS = new Set([1002, 1003]);
const INT8_ARRAY = 1016;

const int8 = (text: string): number | bigint => {
  const big = BigInt(text);
  return big > BigInt(Number.MAX_SAFE_INTEGER) || big < BigInt(Number.MIN_SAFE_INTEGER) ? big : Number(big);
};

/** node-postgres's own parser of a type (its typings list named built-ins only, not array oids). */
const builtinParser = (oid: number, format: 'text' | 'binary' = 'text') =>
  (pg.types.getTypeParser as (oid: number, format: 'text' | 'binary') => (value: string) => unknown)(oid, format);

/**
 * Values come back as PGlite gives them, so the stand-in behaves alike on both: int8 as a number
 * while it is a safe integer (node-postgres gives text), a date as a Date at UTC midnight, catalog
 * arrays (name[]) as arrays.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return int8;
    if (oid === DATE) return (text: string) => new Date(text);
    const textArray = builtinParser(TEXT_ARRAY) as (text: string) => (string | null)[];
    if (TEXT_LIKE_ARRAYS.has(oid)) return textArray;
    if (oid === INT8_ARRAY) return (text: string) => textArray(text).map((v) => (v === null ? null : int8(v)));
    return builtinParser(oid, format);
  },
};

function toResult<T>(result: pg.QueryResult | pg.QueryResult[]): SqlResult<T> {
  const last = Array.isArray(result) ? result.at(-1) : result;
  return {
    rows: (last?.rows ?? []) as T[],
    affectedRows: last?.rowCount ?? 0,
    fields: (last?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
  };
}

/** Dates as PGlite sends them: ISO text with its zone, whatever the server's TimeZone. */
const param = (value: unknown): unknown => (value instanceof Date ? value.toISOString() : value);

function queryable(client: pg.Pool | pg.PoolClient): SqlQueryable {
  return {
    query: async <T>(sql: string, params?: unknown[]) => toResult<T>(await client.query(sql, params?.map(param))),
    exec: (sql) => client.query(sql),
  };
}

/** A real PostgreSQL server behind the stand-in (a pool; one client per transaction). */
export function postgresSqlDb(connectionString: string, options: { max?: number } = {}): SqlDb {
  const pool = new pg.Pool({ connectionString, types, max: options.max ?? 10, application_name: 'ensemble-supabase-local' });
  // An idle client that loses its server must not take the process down with it.
  pool.on('error', (error) => console.error(`[supabase-local] idle PostgreSQL connection failed: ${error.message}`));
  // LISTEN needs a connection of its own that stays open (a pooled one would be handed to others).
  const handlers = new Map<string, Set<(payload: string) => void>>();
  let listener: Promise<pg.Client> | null = null;
  const listenerClient = (): Promise<pg.Client> =>
    (listener ??= (async () => {
      const client = new pg.Client({ connectionString, types, application_name: 'ensemble-supabase-local-listen' });
      client.on('error', (error) => console.error(`[supabase-local] LISTEN connection failed: ${error.message}`));
      client.on('notification', (message) => {
        for (const handler of handlers.get(message.channel) ?? []) handler(message.payload ?? '');
      });
      await client.connect();
      return client;
    })());
  return {
    ...queryable(pool),
    listen: async (channel, onNotify) => {
      const client = await listenerClient();
      let channelHandlers = handlers.get(channel);
      if (!channelHandlers) {
        handlers.set(channel, (channelHandlers = new Set()));
        await client.query(`listen "${channel.replaceAll('"', '""')}"`);
      }
      channelHandlers.add(onNotify);
      return async () => {
        channelHandlers.delete(onNotify);
      };
    },
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const value = await fn(queryable(client));
        await client.query('commit');
        return value;
      } catch (error) {
        await client.query('rollback').catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      const client = listener ? await listener.catch(() => null) : null;
      await client?.end();
      await pool.end();
    },
  };
}
