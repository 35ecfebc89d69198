import { readFile } from 'node:fs/promises';
import { openLocalDb } from './adapters/supabase/local/db.js';
const vocabulary: string[] = JSON.parse(await readFile('/tmp/wt19-vocab.json', 'utf8'));
const db = await openLocalDb({ template: new File([await readFile('/tmp/wt19-seeded.tar.gz')], 't.tar.gz') });
const sql = await readFile('adapters/supabase/migrations/20261126190003_conversation_search.sql', 'utf8');
const fn = sql.slice(sql.indexOf('create function public.search_conversations'), sql.indexOf('revoke execute on function public.search_conversations'));
await db.asAdmin(async (tx) => { await tx.query('drop function public.search_conversations(uuid, text, text, integer)'); await tx.exec(fn); });
const uid = '11111111-1111-4111-8111-111111111111';
const qs = { frequent: vocabulary[0]!, medium: vocabulary[300]!, nute: vocabulary[2900]!, two: `${vocabulary[1]} ${vocabulary[2950]}`, phrase: `"${vocabulary[0]} ${vocabulary[1]}"`, rarephrase: `"${vocabulary[2900]} ${vocabulary[2950]}"`, neg: `${vocabulary[2]} -${vocabulary[3]}` };
for (const [k, q] of Object.entries(qs)) {
  const xs: number[] = []; let n = 0;
  for (let i = 0; i < 11; i++) { const t = performance.now(); n = (await db.asAdmin((tx) => tx.query('select * from public.search_conversations($1, $2, $3, 20)', [uid, q, 'en']))).rows.length; xs.push(performance.now() - t); }
  xs.sort((a, b) => a - b);
  console.log(k.padEnd(12), 'p50', xs[5]!.toFixed(1), 'min', xs[0]!.toFixed(1), 'rows', n);
}
await db.close();
