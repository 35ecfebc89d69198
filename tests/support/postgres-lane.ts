// Which database the stand-in's tests run on: PGlite (the default lane) or the real PostgreSQL
// server of the PostgreSQL lane (vitest project `postgres`, see vitest.config.ts).
import { randomUUID } from 'node:crypto';
import { postgresSqlDb } from '@ensemble/supabase-stand-in';

export const POSTGRES_TEMPLATE_DATABASE = 'ensemble_template';

/** The maintenance URL of the lane's server, or null on the PGlite lane. */
export const postgresLaneUrl = (): string | null =>
  process.env['ENSEMBLE_TEST_DATABASE'] === 'postgres' ? (process.env['ENSEMBLE_TEST_POSTGRES_URL'] ?? missingServer()) : null;

function missingServer(): never {
  throw new Error('ENSEMBLE_TEST_DATABASE=postgres but no server was started: run the PostgreSQL lane through vitest (project postgres)');
}

/** A new database copied from the migrated template (milliseconds), for one test file's stand-in. */
export async function freshPostgresDatabase(maintenanceUrl: string): Promise<string> {
  const name = `test_${randomUUID().replace(/-/g, '')}`;
  const admin = postgresSqlDb(maintenanceUrl, { max: 1 });
  try {
    await admin.query(`create database ${name} template ${POSTGRES_TEMPLATE_DATABASE}`);
  } finally {
    await admin.close();
  }
  const url = new URL(maintenanceUrl);
  url.pathname = `/${name}`;
  return url.toString();
}
