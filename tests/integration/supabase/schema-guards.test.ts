import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalDb } from '@ensemble/supabase-stand-in';
import { openTestDb } from '../../support/supabase-rest-harness.js';

let db: LocalDb;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db?.close();
});

const rows = async <T>(sql: string) => (await db.asAdmin((tx) => tx.query<T>(sql))).rows;

describe('schema: guards every future migration must keep', () => {
  it('row-level security is enabled on every table in public', async () => {
    const open = await rows<{ name: string }>(
      "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity");
    expect(open).toEqual([]);
  });

  it('every security-definer function pins its search_path', async () => {
    const unpinned = await rows<{ name: string }>(`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosecdef
        and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) c where c like 'search_path=%')`);
    expect(unpinned).toEqual([]);
  });

  it('anon may only read the public catalogue tables and the prompt library', async () => {
    const grants = await rows<{ name: string; privilege: string }>(`
      select table_name as name, privilege_type as privilege from information_schema.role_table_grants
      where grantee = 'anon' and table_schema = 'public' order by 1, 2`);
    expect(grants).toEqual([
      { name: 'models', privilege: 'SELECT' },
      { name: 'prompt_categories', privilege: 'SELECT' },
      { name: 'prompt_category_translations', privilege: 'SELECT' },
      { name: 'prompt_favorites', privilege: 'SELECT' },
      { name: 'prompt_translations', privilege: 'SELECT' },
      { name: 'prompts', privilege: 'SELECT' },
    ]);
  });

  it('only the service role may execute the credit, usage and support functions (every support_ function, those added later too)', async () => {
    const callers = await rows<{ fn: string; role: string }>(`
      select p.proname as fn, r.rolname as role
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      cross join (values ('public'), ('anon'), ('authenticated'), ('service_role')) as r(rolname)
      where n.nspname = 'public' and (p.proname in ('log_usage', 'grant_credits') or p.proname like 'support\\_%')
        and (case when r.rolname = 'public' then has_function_privilege('public', p.oid, 'execute')
                  else has_function_privilege(r.rolname, p.oid, 'execute') end)
      order by 1, 2`);
    expect(callers).toEqual([
      { fn: 'grant_credits', role: 'service_role' },
      { fn: 'log_usage', role: 'service_role' },
      { fn: 'support_change_credits', role: 'service_role' },
      { fn: 'support_count_users', role: 'service_role' },
      { fn: 'support_find_user', role: 'service_role' },
      { fn: 'support_list_users', role: 'service_role' },
      { fn: 'support_recent_activity', role: 'service_role' },
      { fn: 'support_search_users', role: 'service_role' },
    ]);
  });

  it('the steps the credit and billing functions share are internal: only apply_subscription_state runs as the service role (apply_billing_webhook runs as its caller)', async () => {
    const callers = await rows<{ fn: string; role: string }>(`
      select p.proname as fn, r.rolname as role
      from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      cross join (values ('public'), ('anon'), ('authenticated'), ('service_role')) as r(rolname)
      where n.nspname = 'public'
        and p.proname in ('usage_credit_cost', 'lock_credits', 'prune_credit_holds', 'book_usage_charge', 'take_credit_hold', 'apply_subscription_state')
        and (case when r.rolname = 'public' then has_function_privilege('public', p.oid, 'execute')
                  else has_function_privilege(r.rolname, p.oid, 'execute') end)
      order by 1, 2`);
    expect(callers).toEqual([{ fn: 'apply_subscription_state', role: 'service_role' }]);
    const steps = await rows<{ n: string | number }>(`
      select count(*) as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.proname in ('usage_credit_cost', 'lock_credits', 'prune_credit_holds', 'book_usage_charge', 'take_credit_hold', 'apply_subscription_state')`);
    expect(Number(steps[0]?.n)).toBe(6);
  });

  it('authenticated users may update only marketing_consent on profiles', async () => {
    const columns = await rows<{ column_name: string }>(`
      select column_name from information_schema.column_privileges
      where grantee = 'authenticated' and table_schema = 'public' and table_name = 'profiles' and privilege_type = 'UPDATE'`);
    expect(columns).toEqual([{ column_name: 'marketing_consent' }]);
  });
});
