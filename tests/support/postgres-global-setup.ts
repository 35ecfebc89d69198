// Global setup of the PostgreSQL lane of `npm test`: a real PostgreSQL server (installed from
// Debian's packages when missing, as Chromium is), one cluster for the run, and the template
// database every test file copies: Supabase's roles and auth schema, then every migration, applied
// exactly as on PGlite. Test files reach it through ENSEMBLE_TEST_POSTGRES_URL.
import { openLocalDb, postgresSqlDb } from '@ensemble/supabase-stand-in';
import { freePort } from './free-port.js';
import { provisionPostgres, startPostgresServer } from './postgres-server.js';
import { POSTGRES_TEMPLATE_DATABASE } from './postgres-lane.js';

export default async function setup(): Promise<() => Promise<void>> {
  const bin = provisionPostgres();
  const started = Date.now();
  const server = await startPostgresServer(bin, await freePort());
  try {
    const admin = postgresSqlDb(server.urlOf('postgres'), { max: 1 });
    await admin.query(`create database ${POSTGRES_TEMPLATE_DATABASE}`);
    await admin.close();
    const template = await openLocalDb({ postgresUrl: server.urlOf(POSTGRES_TEMPLATE_DATABASE) });
    const { rows } = await template.sql.query<{ server_version: string }>('show server_version');
    await template.close();
    process.stderr.write(`[test setup] PostgreSQL ${rows[0]?.server_version} up with the migrated template in ${Date.now() - started} ms\n`);
  } catch (error) {
    await server.stop();
    throw error;
  }
  process.env['ENSEMBLE_TEST_POSTGRES_URL'] = server.urlOf('postgres');
  return () => server.stop();
}
