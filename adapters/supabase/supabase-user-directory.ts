import type { SupabaseClient } from '@supabase/supabase-js';
import { z } from 'zod';
import type { DirectoryUser, UserDirectory } from '../../core/account/index.js';
import { fail, ok, type Result } from '../../core/shared/index.js';
import { fromRest, parseRow } from './supabase-errors.js';

const isoDate = z.string().refine((value) => !Number.isNaN(Date.parse(value)), 'Expected a timestamp');
const foundUsers = z.array(
  z
    .object({ id: z.string(), email: z.string().nullable(), created_at: isoDate, last_sign_in_at: isoDate.nullable() })
    .transform(
      (row): DirectoryUser => ({
        id: row.id,
        email: row.email === '' ? null : row.email,
        createdAt: new Date(row.created_at).toISOString(),
        lastSignInAt: row.last_sign_in_at === null ? null : new Date(row.last_sign_in_at).toISOString(),
      }),
    ),
);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Auth users for the server and the CLI, through `support_find_user` (service role only; a hosted
 * project's admin API needs the same key, and the stand-in has none). E-mail matching ignores case.
 */
export class SupabaseUserDirectory implements UserDirectory {
  constructor(private readonly service: SupabaseClient) {}

  async findById(userId: string): Promise<Result<DirectoryUser | null>> {
    // Not a uuid cannot be anybody; asking would only earn a 22P02 from Postgres.
    if (!UUID.test(userId)) return ok(null);
    return this.find({ user_id_input: userId }, `Could not look up user ${userId}`);
  }

  async findByEmail(email: string): Promise<Result<DirectoryUser | null>> {
    return this.find({ email_input: email.trim() }, `Could not look up ${email}`);
  }

  private async find(args: Record<string, string>, action: string): Promise<Result<DirectoryUser | null>> {
    const { data, error, status } = await this.service.rpc('support_find_user', args);
    if (error) return fail(fromRest(action, error, status));
    const rows = parseRow(action, foundUsers, data);
    return rows.success ? ok(rows.data[0] ?? null) : rows;
  }
}
