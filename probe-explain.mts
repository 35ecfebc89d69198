import { readFile } from 'node:fs/promises';
import { openLocalDb } from './adapters/supabase/local/db.js';
const vocabulary: string[] = JSON.parse(await readFile('/tmp/wt19-vocab.json', 'utf8'));
const db = await openLocalDb({ template: new File([await readFile('/tmp/wt19-seeded.tar.gz')], 't.tar.gz') });
const uid = '11111111-1111-4111-8111-111111111111';
const q = vocabulary[2900]!;
const r = await db.asAdmin(async (tx) => {
  const c = await tx.query(`select count(*) from public.messages where to_tsvector('english'::regconfig, content) @@ websearch_to_tsquery('english', $1)`, [q]);
  const p = await tx.query(`explain analyze
    with titles as (select c.id from public.conversations c where c.user_id = $1 and to_tsvector('english'::regconfig, c.title) @@ websearch_to_tsquery('english', $2) order by c.updated_at desc limit 20),
    found as (select m.conversation_id, m.id, m.content, m.seq from public.messages m where m.user_id = $1 and m.role <> 'system' and to_tsvector('english'::regconfig, m.content) @@ websearch_to_tsquery('english', $2) order by m.seq desc limit 20)
    select f.id, ts_headline('english'::regconfig, f.content, websearch_to_tsquery('english', $2)) from found f join public.conversations c on c.id = f.conversation_id and c.user_id = $1`, [uid, q]);
  return [c.rows, p.rows.map((x: any) => x['QUERY PLAN']).join('\n')];
});
console.log(q, r[0]); console.log(r[1]);
await db.close();
