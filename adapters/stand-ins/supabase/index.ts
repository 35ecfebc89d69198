// The Supabase stand-in (Auth, REST, Storage and a mailbox on PGlite or PostgreSQL): the package's entry (@ensemble/supabase-stand-in).
export { startLocalSupabase, type LocalSupabase, type LocalSupabaseOptions } from './server.js';
export { bootstrapFile, listMigrations, migrationsDir, openLocalDb, storageSchemaFile, type JwtClaims, type LocalDb, type MigrationFile, type OpenLocalDbOptions } from './db.js';
export { postgresSqlDb } from './postgres-sql-db.js';
export { KEYS_FILE_NAME, openLocalKeys, type LocalKeys } from './keys.js';
export { authSchemaFile } from './auth/auth-app.js';
export { authProtectionFromEnv, DEFAULT_AUTH_RATE_LIMITS, type AuthProtection, type AuthRateLimits } from './auth/auth-limits.js';
export { ownerOnlyFolder, ownerOnlyTree } from './owner-only.js';
export { makeRestApp, type RestAppOptions } from './rest/rest-app.js';
export { openMailbox, type Mailbox, type OutgoingEmail } from './mailbox/mailbox.js';
export { deliverBySmtp } from './mailbox/smtp-delivery.js';
