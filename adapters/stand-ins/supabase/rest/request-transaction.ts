import type { Transaction } from '../db.js';
import type { RestRequest } from './rest-response.js';

class RolledBack<T> {
  constructor(readonly value: T) {}
}

/**
 * Runs one request's statements in one transaction as the caller's role, with its time zone; with
 * `Prefer: tx=rollback` the answer is computed and everything it wrote is rolled back (deferred
 * constraints are checked first, as PostgREST does with SET CONSTRAINTS ALL IMMEDIATE).
 */
export async function inRequestTransaction<T>(
  request: RestRequest, fn: (tx: Transaction) => Promise<T>, options: { readonly readOnly?: boolean } = {},
): Promise<T> {
  const roleOptions = {
    ...(options.readOnly ? { readOnly: true } : {}),
    ...(request.prefer.timezone ? { timezone: request.prefer.timezone } : {}),
  };
  if (request.prefer.tx !== 'rollback') return request.db.withRole(request.role, request.claims, fn, roleOptions);
  try {
    await request.db.withRole(request.role, request.claims, async (tx) => {
      const value = await fn(tx);
      await tx.query('set constraints all immediate');
      throw new RolledBack(value);
    }, roleOptions);
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: a rolled-back request returns from its catch');
}
