// Leaderboard budget: over 10,000 votes of one user (and other users' votes beside them), GET
// /api/leaderboard answers in p50 ≤ 50 ms at the app server. Run: npm run bench -- leaderboard
// The app server runs in this process on the Supabase stand-in (PGlite, the real migrations), as
// `npm start` runs it; each call goes over loopback HTTP with the user's token, through the user gate,
// the use case, the adapter's RPC over the stand-in's REST, and the SQL function. Baseline in the
// same run, interleaved: the SQL function called on PGlite directly (no HTTP, no app server).
import { randomUUID } from 'node:crypto';
import { signUpOnStandIn, startAppOnStandIn } from '../support/app-on-stand-in.js';

const VOTES = 10_000;
const NOISE_USERS = 2;
const NOISE_VOTES = 5_000;
const TURNS_PER_CONVERSATION = 50;
const MODELS = ['offline', 'offline-brief', 'offline-steps', 'offline-critic', 'offline-code', 'offline-thorough'];
const CALLS = 200;
const WARMUP = 20;
const BUDGET_P50_MS = 50;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

let seed = 7;
const random = () => {
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(from: readonly T[]) => from[Math.floor(random() * from.length)] as T;

/** `count` side-by-side turns of one user, each voted on: 2 to 4 models, one winner, their figures, over the last 120 days. */
function votesOf(count: number) {
  return Array.from({ length: count }, () => {
    const models = [...MODELS].sort(() => random() - 0.5).slice(0, 2 + Math.floor(random() * 3));
    return {
      models,
      winner: pick(models),
      credits: models.map(() => 1 + Math.floor(random() * 40)),
      firstTokenMs: models.map(() => (random() < 0.05 ? null : 100 + Math.floor(random() * 3000))),
      daysAgo: random() * 120,
      blind: random() < 0.5,
    };
  });
}

type Tx = { query: (sql: string, params?: unknown[]) => Promise<unknown> };

async function seedVotes(tx: Tx, userId: string, count: number): Promise<void> {
  const votes = votesOf(count);
  for (let start = 0; start < votes.length; start += TURNS_PER_CONVERSATION) {
    const conversationId = randomUUID();
    const batch = votes.slice(start, start + TURNS_PER_CONVERSATION).map((v) => ({ ...v, messageId: randomUUID() }));
    await tx.query('insert into public.conversations (id, user_id, title) values ($1, $2, $3)', [conversationId, userId, `Compare ${start}`]);
    await tx.query(
      `insert into public.messages (id, conversation_id, user_id, role, content, model_ids)
       select (r->>'messageId')::uuid, $1, $2, 'user', 'Which is best?', array(select jsonb_array_elements_text(r->'models'))
       from jsonb_array_elements($3::jsonb) r`,
      [conversationId, userId, JSON.stringify(batch)],
    );
    await tx.query(
      `insert into public.compare_votes (user_id, conversation_id, message_id, kind, winner_model_id, models, credits, first_token_ms, blind, created_at)
       select $1, $2, (r->>'messageId')::uuid, 'vote', r->>'winner',
              array(select jsonb_array_elements_text(r->'models')),
              array(select (x)::integer from jsonb_array_elements_text(r->'credits') x),
              array(select case when x = 'null'::jsonb then null else (x)::text::integer end from jsonb_array_elements(r->'firstTokenMs') x),
              (r->>'blind')::boolean, now() - make_interval(secs => (r->>'daysAgo')::float8 * 86400)
       from jsonb_array_elements($3::jsonb) r`,
      [userId, conversationId, JSON.stringify(batch)],
    );
  }
}

async function main(): Promise<void> {
  const { supabase, server, close } = await startAppOnStandIn({ RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_READS_BURST: '1000000' });
  try {
    const user = await signUpOnStandIn(supabase, server.url, { tag: 'bench' });
    const others = await Promise.all(Array.from({ length: NOISE_USERS }, () => signUpOnStandIn(supabase, server.url, { tag: 'noise' })));
    const started = performance.now();
    await supabase.db.asAdmin(async (tx) => {
      await seedVotes(tx, user.userId, VOTES);
      for (const other of others) await seedVotes(tx, other.userId, NOISE_VOTES);
      await tx.query('analyze public.compare_votes');
      await tx.query('analyze public.messages');
    });
    const counted = await supabase.db.asAdmin((tx) => tx.query<{ mine: number; all: number }>(
      "select count(*) filter (where user_id = $1)::int as mine, count(*)::int as all from public.compare_votes where kind = 'vote'", [user.userId]));
    console.log(`seeded ${counted.rows[0]?.mine} votes of one user and ${(counted.rows[0]?.all ?? 0) - (counted.rows[0]?.mine ?? 0)} of ${NOISE_USERS} others (${ms(performance.now() - started)})`);

    const route = async (period: string) => {
      const t0 = performance.now();
      const response = await user.call('GET', `/api/leaderboard?period=${period}`);
      const body = (await response.json()) as { rows?: { wins: number }[] };
      const elapsed = performance.now() - t0;
      if (response.status !== 200 || !body.rows) throw new Error(`the leaderboard answered ${response.status}`);
      return { elapsed, wins: body.rows.reduce((n, r) => n + r.wins, 0) };
    };
    const direct = async (days: number | null) => {
      const t0 = performance.now();
      await supabase.db.asAdmin((tx) => tx.query('select * from public.compare_leaderboard($1, $2)', [user.userId, days]));
      return performance.now() - t0;
    };
    const all = await route('all');
    if (all.wins !== VOTES) throw new Error(`the leaderboard counted ${all.wins} wins, not ${VOTES}`);

    for (const [period, days] of [['all', null], ['30d', 30]] as const) {
      for (let i = 0; i < WARMUP; i += 1) {
        await route(period);
        await direct(days);
      }
      const viaRoute: number[] = [];
      const viaSql: number[] = [];
      for (let i = 0; i < CALLS; i += 1) {
        viaRoute.push((await route(period)).elapsed);
        viaSql.push(await direct(days));
      }
      const p50 = quantile(viaRoute, 0.5);
      console.log(`GET /api/leaderboard?period=${period} (${CALLS} calls): p50 ${ms(p50)}, p95 ${ms(quantile(viaRoute, 0.95))} (budget p50 ≤ ${BUDGET_P50_MS} ms: ${p50 <= BUDGET_P50_MS ? 'met' : 'NOT met'})`);
      console.log(`  baseline, compare_leaderboard() on PGlite directly: p50 ${ms(quantile(viaSql, 0.5))}, p95 ${ms(quantile(viaSql, 0.95))}`);
    }
  } finally {
    await close();
  }
}

await main();
