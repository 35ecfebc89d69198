// The support program's usage report and ledger read every row, whatever "Max rows" a project sets:
// they page by id until a page comes back empty, not until one is shorter than the 1,000 rows a hosted
// project answers by default, and a usage report's labels ask again for the users a call did not answer.
// The stand-in here answers at most 3 rows a request.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { SupabaseSupportReports } from '../../../adapters/supabase/supabase-support-reports.js';
import { startTestSupabase } from '../../support/local-supabase.js';
import { StandInUsers, serviceClient } from './adapter-harness.js';

const ROW_CAP = 3;
const ROWS = 8;

let supabase: LocalSupabase;
beforeAll(async () => {
  supabase = await startTestSupabase({ restMaxRows: ROW_CAP });
});
afterAll(async () => {
  await supabase?.stop();
});

const must = <T>(result: { success: true; data: T } | { success: false; error: { message: string } }): T => {
  if (!result.success) throw new Error(result.error.message);
  return result.data;
};

describe('support reports past a low row cap', () => {
  it(`a usage report and a user's ledger count all ${ROWS} rows on an API that answers ${ROW_CAP} a request`, async () => {
    const userId = await new StandInUsers(supabase).create();
    const model = await supabase.db.asAdmin(async (tx) => (await tx.query<{ id: string }>('select id from public.models order by id limit 1')).rows[0]!.id);
    await supabase.db.asAdmin(async (tx) => {
      for (let i = 1; i <= ROWS; i += 1) {
        await tx.query('insert into public.usage_events (user_id, model_id, input_tokens, output_tokens, credits_charged) values ($1, $2, $3, $4, $5)', [userId, model, 10, 20, i]);
        await tx.query("insert into public.credit_ledger (user_id, kind, amount, balance_after, reason) values ($1, 'manual_grant', $2, $3, 'seed')", [userId, i, 1000 + i]);
      }
    });
    const reports = new SupabaseSupportReports(serviceClient(supabase));
    const usage = must(await reports.usage({ from: '2000-01-01T00:00:00Z', to: '2999-01-01T00:00:00Z' }, 'user'));
    expect(usage).toEqual([{ key: userId, calls: ROWS, credits: (ROWS * (ROWS + 1)) / 2, inputTokens: 10 * ROWS, outputTokens: 20 * ROWS }]);
    const ledger = must(await reports.ledger(userId)).filter((entry) => entry.reason === 'seed');
    expect(ledger.map((entry) => entry.amount)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
  });

  it('the labels of a usage report: every user asked for is found, and an id of no user is left out', async () => {
    const users = new StandInUsers(supabase);
    const ids: string[] = [];
    for (let i = 0; i < ROW_CAP * 2 + 1; i += 1) ids.push(await users.create());
    const gone = '00000000-0000-4000-8000-00000000dead';
    const found = must(await new SupabaseSupportReports(serviceClient(supabase)).usersById([...ids, gone]));
    expect(found.map((user) => user.id).sort()).toEqual([...ids].sort());
  });
});
