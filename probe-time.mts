import { readFile } from 'node:fs/promises';
import { openLocalDb } from './adapters/supabase/local/db.js';
const vocabulary: string[] = JSON.parse(await readFile('/tmp/wt19-vocab.json', 'utf8'));
const t0 = performance.now();
const db = await openLocalDb({ template: new File([await readFile('/tmp/wt19-seeded.tar.gz')], 't.tar.gz') });
console.log('load', (performance.now() - t0).toFixed(0));
await db.asAdmin(async (tx) => { for (const c of ['english']) await tx.query(`alter index public.messages_search_${c} alter column 1 set statistics 1000`); await tx.query('analyze public.messages'); });
const uid = '11111111-1111-4111-8111-111111111111';
const time = async (label: string, sql: string, params: unknown[]) => {
  const xs: number[] = [];
  for (let i = 0; i < 15; i++) { const t = performance.now(); await db.asAdmin((tx) => tx.query(sql, params)); xs.push(performance.now() - t); }
  xs.sort((a, b) => a - b);
  console.log(label.padEnd(40), 'p50', xs[7]!.toFixed(1), 'min', xs[0]!.toFixed(1));
};
const qs = { frequent: vocabulary[0]!, medium: vocabulary[300]!, rare: vocabulary[2900]!, two: `${vocabulary[1]} ${vocabulary[2950]}`, phrase: `"${vocabulary[0]} ${vocabulary[1]}"`, neg: `${vocabulary[2]} -${vocabulary[3]}` };
for (const [k, q] of Object.entries(qs)) {
  await time(`fn ${k}`, 'select * from public.search_conversations($1, $2, $3, 20)', [uid, q, 'en']);
}
await time('noop select', 'select 1', []);
await time('titles only', `select c.id from public.conversations c where c.user_id = $1 and to_tsvector('english'::regconfig, c.title) @@ websearch_to_tsquery('english', $2)`, [uid, qs.rare]);
await time('headline 20', `select ts_headline('english'::regconfig, content, websearch_to_tsquery('english', $1), 'MaxWords=30, MinWords=12, MaxFragments=2') from public.messages limit 20`, [qs.frequent]);
await db.close();
