// The REST suites' shared setup: one database and one stand-in REST server per test file.
import { afterAll, beforeAll } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { openTestDb, startRestServer, type RestServer } from '../../support/supabase-rest-harness.js';

/**
 * Before the file's tests, opens a database, applies `fixture` (if any) as the superuser and starts a
 * REST server over it, handing both to `take`; after them, closes both.
 */
export function restServerPerFile(fixture: string | null, take: (opened: { db: LocalDb; server: RestServer }) => void): void {
  let db: LocalDb | undefined;
  let server: RestServer | undefined;
  beforeAll(async () => {
    db = await openTestDb();
    const opened = db;
    if (fixture !== null) await opened.asAdmin((tx) => tx.exec(fixture));
    server = await startRestServer(opened);
    take({ db: opened, server });
  }, 240_000);
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });
}

/** A raw GET with the service role, for what supabase-js does not write itself. */
export async function serviceGet(server: RestServer, path: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(`${server.url}/rest/v1/${path}`, {
    headers: { apikey: server.serviceKey, Authorization: `Bearer ${server.serviceKey}` },
  });
  return { status: response.status, body: (await response.json()) as unknown };
}
