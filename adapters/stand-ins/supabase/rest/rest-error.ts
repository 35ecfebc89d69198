/** An answer in PostgREST's error shape: `{code, details, hint, message}` with its HTTP status. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** A sentence, or (PGRST201) the list of candidate relationships. */
    readonly details: string | readonly object[] | null = null,
    readonly hint: string | null = null,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'RestError';
  }

  toBody(): { code: string; details: string | readonly object[] | null; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export const badRequest = (message: string, details: string | null = null, hint: string | null = null): RestError =>
  new RestError(400, 'PGRST100', message, details, hint);

export const tableNotFound = (schema: string, name: string): RestError =>
  new RestError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`);

export const columnNotFound = (table: string, column: string): RestError =>
  new RestError(400, '42703', `column ${table}.${column} does not exist`);

export const payloadColumnNotFound = (table: string, column: string): RestError =>
  new RestError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);

export const notSingle = (rows: number): RestError =>
  new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);

interface PgErrorLike {
  readonly code?: unknown;
  readonly message?: unknown;
  readonly detail?: unknown;
  readonly hint?: unknown;
}

/** HTTP status for a SQLSTATE, as PostgREST's `pgErrorStatus` decides it. */
function statusFor(code: string, role: string): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23505' || code === '23503') return 409;
  if (code === '42P01' || code === '42883') return 404;
  if (code === '25006') return 405;
  if (code === '53400') return 500;
  if (code.startsWith('08')) return 503;
  if (code.startsWith('PT') && /^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code.startsWith('40') || code.startsWith('XX') || code === '42P17' || code.startsWith('57') || code.startsWith('58')) return 500;
  return 400;
}

/** Maps an error raised by Postgres (PGlite's DatabaseError); anything else is a bug and is rethrown. */
export function fromDatabaseError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error;
  const pg = error as PgErrorLike;
  if (typeof pg?.code !== 'string' || !/^[0-9A-Z]{5}$/.test(pg.code)) throw error;
  const status = statusFor(pg.code, role);
  const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
  return new RestError(
    status,
    pg.code,
    typeof pg.message === 'string' ? pg.message : 'database error',
    typeof pg.detail === 'string' ? pg.detail : null,
    typeof pg.hint === 'string' ? pg.hint : null,
    headers,
  );
}
