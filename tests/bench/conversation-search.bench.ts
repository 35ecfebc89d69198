// Conversation search budget: across 10,000 messages of one user, a search through the app server's
// adapter (SupabaseConversationSearch, service role, over the Supabase stand-in's REST) answers in
// p50 ≤ 20 ms. Run: npx tsx tests/bench/conversation-search.bench.ts
// Baseline in the same run, interleaved: the same function called on PGlite directly (no HTTP).
import { randomUUID } from 'node:crypto';
import { SupabaseConversationSearch } from '../../adapters/supabase/supabase-conversation-search.js';
import { clientWith, createTestUser, openTestDb, startRestServer } from '../support/supabase-rest-harness.js';

const MESSAGES = 10_000;
const PER_CONVERSATION = 50;
const BUDGET_P50_MS = 20;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length * 0.95)] ?? NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

// A deterministic vocabulary and text (mulberry32), so every run searches the same data.
let seed = 42;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const syllables = ['ka', 'lo', 'mer', 'tin', 'sa', 'ven', 'dor', 'ri', 'plu', 'qua', 'zen', 'mo', 'te', 'ba', 'nu', 'fi'];
const vocabulary = [...new Set(Array.from({ length: 6000 }, () => Array.from({ length: 3 + Math.floor(random() * 2) }, () => syllables[Math.floor(random() * syllables.length)]).join('')))];
// Content words as text has them (stop words are not indexed): Zipf's law from rank 100 on, so the
// most common word is in about one message in seven and most words in a handful.
const weights = vocabulary.map((_, i) => 1 / (i + 100));
const cumulative = weights.map(((sum) => (w) => (sum += w))(0));
const total = cumulative.at(-1) as number;
const word = () => {
  const r = random() * total;
  let lo = 0;
  let hi = cumulative.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cumulative[mid] as number) < r) lo = mid + 1;
    else hi = mid;
  }
  return vocabulary[lo] as string;
};
const sentence = () => Array.from({ length: 30 + Math.floor(random() * 60) }, word).join(' ');

async function main(): Promise<void> {
  const db = await openTestDb();
  const server = await startRestServer(db);
  try {
    const user = await createTestUser(db, server);
    const started = performance.now();
    await db.asAdmin(async (tx) => {
      for (let c = 0; c < MESSAGES / PER_CONVERSATION; c += 1) {
        const conversationId = randomUUID();
        await tx.query('insert into public.conversations (id, user_id, title) values ($1, $2, $3)', [conversationId, user.id, `${word()} ${word()} ${word()}`]);
        const rows = Array.from({ length: PER_CONVERSATION }, (_, i) => [i % 2 === 0 ? 'user' : 'assistant', sentence()]);
        await tx.query(
          `insert into public.messages (conversation_id, user_id, role, content)
           select $1, $2, r->>0, r->>1 from jsonb_array_elements($3::jsonb) r`,
          [conversationId, user.id, JSON.stringify(rows)],
        );
      }
      // What autovacuum does on a real server after a bulk load: statistics for the planner.
      await tx.query('analyze public.messages');
      await tx.query('analyze public.conversations');
    });
    const counted = await db.asAdmin((tx) => tx.query<{ n: number }>('select count(*)::int as n from public.messages where user_id = $1', [user.id]));
    console.log(`seeded ${counted.rows[0]?.n} messages of one user in ${MESSAGES / PER_CONVERSATION} conversations (${ms(performance.now() - started)})`);

    const service = clientWith(server, server.serviceKey);
    const search = new SupabaseConversationSearch(service);
    // What people type: one word, common to rare, now and then two words, a phrase or an exclusion.
    const pick = (from: number, to: number) => vocabulary[from + Math.floor(random() * (to - from))] as string;
    const queries = [
      ...Array.from({ length: 6 }, () => pick(0, 20)),
      ...Array.from({ length: 10 }, () => pick(20, 500)),
      ...Array.from({ length: 8 }, () => pick(500, vocabulary.length)),
      `${pick(0, 50)} ${pick(50, 1000)}`,
      `${pick(0, 200)} ${pick(200, 2000)}`,
      `"${pick(0, 30)} ${pick(0, 30)}"`,
      `${pick(0, 30)} -${pick(0, 30)}`,
    ];
    const viaAdapter = async (q: string) => {
      const r = await search.search(user.id, { text: q, language: 'en', limit: 20 });
      if (!r.success) throw new Error(r.error.message);
      return r.data.length;
    };
    const direct = (q: string) => db.asAdmin((tx) => tx.query('select * from public.search_conversations($1, $2, $3, 20)', [user.id, q, 'en']));
    const samples = { adapter: [] as number[], direct: [] as number[] };
    let hits = 0;
    for (let round = 0; round < 330; round += 1) {
      const q = queries[round % queries.length] as string;
      const a = performance.now();
      hits += await viaAdapter(q);
      const b = performance.now();
      await direct(q);
      const d = performance.now();
      if (round < 30) continue; // warm-up
      samples.adapter.push(b - a);
      samples.direct.push(d - b);
    }
    const p50 = median(samples.adapter);
    console.log(`search across ${MESSAGES} messages of one user (adapter, service role, REST): p50 ${ms(p50)}, p95 ${ms(p95(samples.adapter))} (budget p50 ≤ ${BUDGET_P50_MS} ms) ${p50 <= BUDGET_P50_MS ? 'OK' : 'OVER BUDGET'}`);
    const counts = await db.asAdmin((tx) =>
      tx.query<{ q: string; n: number }>(
        `select q, (select count(*)::int from public.messages m where m.user_id = $1 and to_tsvector('english'::regconfig, m.content) @@ websearch_to_tsquery('english', q)) as n from unnest($2::text[]) q`,
        [user.id, queries.slice(0, 6)],
      ),
    );
    console.log(`  the most common words searched are in ${counts.rows.map((r) => r.n).join(', ')} of the ${MESSAGES} messages`);
    console.log(`  baseline: search_conversations on PGlite directly p50 ${ms(median(samples.direct))}, p95 ${ms(p95(samples.direct))}; ${(hits / samples.adapter.length).toFixed(1)} hits a search on average`);
  } finally {
    await server.close();
    await db.close();
  }
}

await main();
