// Conversation versions budget: opening a conversation of 200 messages where every message has 20
// versions is no slower than 1.2× opening the same 200 messages without versions (p50 against p50).
// Run: npm run bench -- conversation-versions
//
// The app server runs in this process on the Supabase stand-in (PGlite, the real migrations), as
// `npm start` runs it. One user, two conversations seeded with set-based SQL:
// - A: 100 turns (a question, one answer of ~600 characters), no versions: 200 messages;
// - B: the same 200 messages shown, each with 19 hidden versions beside it (the answers as siblings
//   in their column, the questions as sibling branches under the question before): 4,000 messages.
//   The shown version is a different one from turn to turn (as after regenerating and going back),
//   and its `shown` is the highest of its group, as show_message leaves it.
// Both are opened the way the app opens them: GET /api/conversations/:id with the user's token (the
// user gate, the use case, SupabaseConversationStore.listMessages → conversation_path over the
// stand-in's REST), A and B alternating, after a warm-up. Baseline in the same run, interleaved:
// conversation_path called on PGlite directly (no HTTP, no app server).
import { signUpOnStandIn, startAppOnStandIn } from '../support/app-on-stand-in.js';

const TURNS = 100;
const VERSIONS = 20;
const ANSWER_CHARS = 600;
const CALLS = 200;
const WARMUP = 30;
const BUDGET_RATIO = 1.2;

const quantile = (values: number[], q: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))] ?? NaN;
const ms = (value: number) => `${value.toFixed(2)} ms`;

type Tx = { query: <T>(sql: string, params?: unknown[]) => Promise<{ rows: T[] }> };

/**
 * One conversation of TURNS turns, `versions` versions of each message. Turn t's shown question is
 * version qShown(t), its shown answer version aShown(t) (1 when there are no versions). The shown
 * messages' text depends on the turn alone, so A and B read the same; hidden versions say which they are.
 */
async function seedConversation(tx: Tx, userId: string, title: string, versions: number): Promise<string> {
  const { rows } = await tx.query<{ id: string }>('insert into public.conversations (user_id, title) values ($1, $2) returning id', [userId, title]);
  const conversationId = rows[0]!.id;
  await tx.query(
    `create temp table seed_nodes on commit drop as
     select t, v, kind,
       v = case when $1::int = 1 then 1 when kind = 'q' then 1 + (t * 7) % $1::int else 1 + (t * 13) % $1::int end as visible,
       gen_random_uuid() as id
     from generate_series(1, ${TURNS}) t, generate_series(1, $1::int) v, unnest(array['q', 'a']) kind`,
    [versions],
  );
  // One insert, in creation order (turn by turn, the question's versions then the answer's), so seq
  // numbers the versions as the app would have. A question hangs under the turn before's shown
  // question, an answer under its turn's (the foreign key is checked at the statement's end).
  await tx.query(
    `insert into public.messages (id, conversation_id, user_id, role, content, model_id, model_ids, input_tokens, output_tokens,
                                  first_token_ms, duration_ms, credits_charged, created_at, parent_id, column_index)
     select n.id, $1, $2,
       case when n.kind = 'q' then 'user' else 'assistant' end,
       case
         when n.kind = 'q' and n.visible then format('Question %s: how do the tides of the %s coast change over a month, and why?', n.t, md5(n.t::text))
         when n.kind = 'q' then format('Question %s, version %s: what about the tides of the %s coast?', n.t, n.v, md5(n.t::text || n.v::text))
         when n.visible then left(repeat(format('Answer %s: the tide rises and falls twice a day as the moon pulls the sea %s. ', n.t, md5(n.t::text)), 12), ${ANSWER_CHARS})
         else left(repeat(format('Answer %s, version %s: the moon and the sun pull the water %s. ', n.t, n.v, md5(n.t::text || n.v::text)), 12), ${ANSWER_CHARS})
       end,
       'offline',
       case when n.kind = 'q' then array['offline'] end,
       case when n.kind = 'a' then 40 + n.t end,
       case when n.kind = 'a' then 150 end,
       case when n.kind = 'a' then 300 end,
       case when n.kind = 'a' then 2500 end,
       case when n.kind = 'a' then 2 end,
       now() - make_interval(mins => ${TURNS} - n.t),
       p.id,
       case when n.kind = 'a' then 0 end
     from seed_nodes n
     left join seed_nodes p on p.kind = 'q' and p.visible and p.t = n.t - case when n.kind = 'q' then 1 else 0 end
     order by n.t, n.kind desc, n.v`,
    [conversationId, userId],
  );
  // The shown versions were shown last (show_message gives each a new `shown`, above its siblings').
  await tx.query(
    `update public.messages m set shown = nextval('public.messages_shown_seq')
     from seed_nodes n where n.id = m.id and n.visible`,
  );
  await tx.query('drop table seed_nodes');
  return conversationId;
}

async function main(): Promise<void> {
  const { supabase, server, close } = await startAppOnStandIn({ RATE_LIMIT_READS_PER_MINUTE: '1000000', RATE_LIMIT_READS_BURST: '1000000' });
  try {
    const user = await signUpOnStandIn(supabase, server.url, { tag: 'bench' });
    const started = performance.now();
    const [plain, versioned] = await supabase.db.asAdmin(async (tx) => {
      const a = await seedConversation(tx as unknown as Tx, user.userId, 'Tides (no versions)', 1);
      const b = await seedConversation(tx as unknown as Tx, user.userId, 'Tides (20 versions of each message)', VERSIONS);
      // What autovacuum does on a real server after a bulk load: statistics for the planner.
      await tx.query('analyze public.messages');
      return [a, b] as const;
    });
    const counted = await supabase.db.asAdmin((tx) =>
      tx.query<{ conversation_id: string; n: number }>('select conversation_id, count(*)::int as n from public.messages where user_id = $1 group by conversation_id', [user.userId]),
    );
    const countOf = (id: string) => counted.rows.find((r) => r.conversation_id === id)?.n ?? 0;
    console.log(`seeded A: ${countOf(plain)} messages, B: ${countOf(versioned)} messages (${VERSIONS} versions of each of 200) for one user (${ms(performance.now() - started)})`);

    type Opened = { messages?: { content: string; version?: { index: number; count: number } }[] };
    const open = async (id: string) => {
      const t0 = performance.now();
      const response = await user.call('GET', `/api/conversations/${id}`);
      const body = (await response.json()) as Opened;
      const elapsed = performance.now() - t0;
      if (response.status !== 200 || !body.messages) throw new Error(`GET /api/conversations/${id} answered ${response.status}`);
      return { elapsed, messages: body.messages };
    };
    const direct = async (id: string) => {
      const t0 = performance.now();
      await supabase.db.asAdmin((tx) => tx.query('select * from public.conversation_path($1, $2)', [user.userId, id]));
      return performance.now() - t0;
    };

    // Both open as the same 200 messages; every one of B's says it is one of 20.
    const [openedA, openedB] = [await open(plain), await open(versioned)];
    if (openedA.messages.length !== 2 * TURNS) throw new Error(`A opened with ${openedA.messages.length} messages, not ${2 * TURNS}`);
    if (JSON.stringify(openedA.messages.map((m) => m.content)) !== JSON.stringify(openedB.messages.map((m) => m.content))) {
      throw new Error('A and B do not show the same messages');
    }
    if (openedA.messages.some((m) => m.version !== undefined)) throw new Error('A shows a message with versions');
    if (!openedB.messages.every((m) => m.version?.count === VERSIONS)) throw new Error(`B shows a message without ${VERSIONS} versions`);

    for (let i = 0; i < WARMUP; i += 1) {
      await open(plain);
      await open(versioned);
      await direct(plain);
      await direct(versioned);
    }
    const route = { a: [] as number[], b: [] as number[] };
    const sql = { a: [] as number[], b: [] as number[] };
    for (let i = 0; i < CALLS; i += 1) {
      // Alternating, and each pair in either order, so neither conversation always follows the other.
      if (i % 2 === 0) {
        route.a.push((await open(plain)).elapsed);
        route.b.push((await open(versioned)).elapsed);
        sql.a.push(await direct(plain));
        sql.b.push(await direct(versioned));
      } else {
        route.b.push((await open(versioned)).elapsed);
        route.a.push((await open(plain)).elapsed);
        sql.b.push(await direct(versioned));
        sql.a.push(await direct(plain));
      }
    }
    const p50 = { a: quantile(route.a, 0.5), b: quantile(route.b, 0.5) };
    const ratio = p50.b / p50.a;
    console.log(`GET /api/conversations/:id, ${CALLS} calls each, alternating:`);
    console.log(`  A, 200 messages without versions:       p50 ${ms(p50.a)}, p95 ${ms(quantile(route.a, 0.95))}`);
    console.log(`  B, the same 200 with 20 versions each:  p50 ${ms(p50.b)}, p95 ${ms(quantile(route.b, 0.95))}`);
    console.log(`  p50(B) / p50(A) = ${ratio.toFixed(2)}× (budget ≤ ${BUDGET_RATIO}×: ${ratio <= BUDGET_RATIO ? 'met' : 'NOT met'})`);
    const sqlRatio = quantile(sql.b, 0.5) / quantile(sql.a, 0.5);
    console.log(`  baseline, conversation_path() on PGlite directly: A p50 ${ms(quantile(sql.a, 0.5))}, p95 ${ms(quantile(sql.a, 0.95))}; B p50 ${ms(quantile(sql.b, 0.5))}, p95 ${ms(quantile(sql.b, 0.95))}; ${sqlRatio.toFixed(2)}×`);
  } finally {
    await close();
  }
}

await main();
