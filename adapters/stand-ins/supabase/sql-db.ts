/**
 * The part of a Postgres connection the stand-in uses, shaped like PGlite's API so PGlite fits it
 * as it is; `postgres-sql-db.ts` gives a real PostgreSQL server the same shape. Everything above
 * this (REST, Auth, migrations) is written once against it.
 */
export interface SqlResult<T> {
  readonly rows: T[];
  /** Rows an INSERT, UPDATE or DELETE touched. */
  readonly affectedRows?: number;
  readonly fields: readonly { readonly name: string; readonly dataTypeID: number }[];
}

/** One connection's worth of statements (inside a transaction when it came from `transaction`). */
export interface SqlQueryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<T>>;
  /** Several statements in one string, no parameters (migrations, schema scripts). */
  exec(sql: string): Promise<unknown>;
}

export interface SqlDb extends SqlQueryable {
  /** BEGIN, `fn`, COMMIT; ROLLBACK when `fn` throws. */
  transaction<T>(fn: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  /** LISTEN on `channel`: `onNotify` gets each NOTIFY's payload once its transaction commits. Resolves to an unlisten. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}
