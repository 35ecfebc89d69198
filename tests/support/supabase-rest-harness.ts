// Test harness for the Supabase stand-in's REST side: a migrated PGlite loaded from a template, the
// REST app on an ephemeral port, JWTs minted with a test secret, and supabase-js clients per user.
import { createHash, randomUUID } from 'node:crypto';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { Hono } from 'hono';
import { jwtVerify, SignJWT } from 'jose';
import { authSchemaFile, bootstrapFile, listMigrations, makeRestApp, openLocalDb, storageSchemaFile, type JwtClaims, type LocalDb } from '@ensemble/supabase-stand-in';
import { pooledTestDb } from './pooled-db.js';
import { freshPostgresDatabase, postgresLaneUrl } from './postgres-lane.js';

const secret = new TextEncoder().encode('test-only-jwt-secret-of-at-least-32-characters');

export async function mintJwt(claims: Record<string, unknown>, expiresInSeconds = 3600): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresInSeconds).sign(secret);
}

export async function verifyTestJwt(token: string): Promise<JwtClaims> {
  return (await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload;
}

/** Bootstrap, migrations and Auth's tables run once per machine and content; each test file loads the dumped result. */
async function templatePath(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(bootstrapFile));
  hash.update(await readFile(storageSchemaFile));
  hash.update(await readFile(authSchemaFile));
  for (const migration of await listMigrations()) hash.update(migration.version).update(await readFile(migration.path));
  return join(tmpdir(), `ensemble-supabase-template-${hash.digest('hex').slice(0, 16)}.tar`);
}

/** This process's copy of the template: the files of a worker share it (vitest's `isolate: false`). */
let loaded: Promise<File> | null = null;

/**
 * The migrated database as a PGlite data-dir dump (an uncompressed tar: opening from it skips a
 * gunzip, about a quarter of an instance's start), built on first use and then reused.
 */
export function testTemplate(): Promise<File> {
  loaded ??= loadTemplate().catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  return loaded;
}

async function loadTemplate(): Promise<File> {
  const path = await templatePath();
  let dump = await readFile(path).catch(() => null);
  if (!dump) {
    const db = await openLocalDb();
    // With the tables Auth adds when it starts: a stand-in's database is the template again after it ran.
    await db.sql.exec(await readFile(authSchemaFile, 'utf8'));
    dump = Buffer.from(await (await db.dumpTemplate()).arrayBuffer());
    await db.close();
    const partial = `${path}.${process.pid}.${randomUUID()}`;
    await writeFile(partial, dump);
    await rename(partial, path);
  }
  return new File([dump], 'template.tar', { type: 'application/x-tar' });
}

/** The migrated database for one test file: PGlite as the template (from the worker's pool), or a fresh database on the PostgreSQL lane. */
export async function openTestDb(): Promise<LocalDb> {
  const lane = postgresLaneUrl();
  if (lane) return openLocalDb({ postgresUrl: await freshPostgresDatabase(lane) });
  return pooledTestDb();
}

export interface RestServer {
  readonly url: string;
  readonly anonKey: string;
  readonly serviceKey: string;
  close(): Promise<void>;
}

export async function startRestServer(db: LocalDb): Promise<RestServer> {
  const app = new Hono();
  app.route('/rest/v1', makeRestApp({ db, verifyJwt: verifyTestJwt }));
  const { server, port } = await new Promise<{ server: ReturnType<typeof serve>; port: number }>((resolve) => {
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve({ server, port: info.port }));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    anonKey: await mintJwt({ role: 'anon', iss: 'supabase-local' }),
    serviceKey: await mintJwt({ role: 'service_role', iss: 'supabase-local' }),
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

const clientOptions = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false } };

/** A supabase-js client that sends `token` (a user's access token, or an API key) on every request. */
export function clientWith(server: RestServer, token: string): SupabaseClient {
  return createClient(server.url, server.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${token}` } } });
}

export const anonClient = (server: RestServer): SupabaseClient => createClient(server.url, server.anonKey, clientOptions);
export const serviceClient = (server: RestServer): SupabaseClient => createClient(server.url, server.serviceKey, clientOptions);

export interface TestUser {
  readonly id: string;
  readonly email: string;
  readonly token: string;
  readonly client: SupabaseClient;
}

/** Inserts an auth user as GoTrue would (the sign-up trigger creates the profile) and signs a token for it. */
export async function createTestUser(db: LocalDb, server: RestServer, email = `user-${randomUUID()}@example.test`): Promise<TestUser> {
  const id = randomUUID();
  await db.asAdmin((tx) => tx.query('insert into auth.users (id, email, email_confirmed_at) values ($1, $2, now())', [id, email]));
  const token = await mintJwt({ sub: id, email, role: 'authenticated', aud: 'authenticated', session_id: randomUUID(), is_anonymous: false });
  return { id, email, token, client: clientWith(server, token) };
}
