// App server budget (DESIGN.md) with the real local stack: time to first token added by POST
// /api/chat over the model alone, p50 <= 10 ms, with the Supabase stand-in (PGlite) in its own
// process: the user's access token verified and its session checked (by the write itself,
// start_conversation_turn_in_session, when it has not been checked lately), the per-user rate limit
// (counted after the answer while the user's bucket is roomy: http/rate-limit.ts), the catalogue, the
// credit hold, the new conversation, its turn and the user message written in that one step, the chat
// run written to the shared log. What a request does after its answer (its rate-limit count, the log's last syncs) is over
// before the next one starts.
//
// Every request carries a token signed for it (its own jti and iat, with the stand-in's JWT secret),
// so the server's verified-token cache never answers for it. Two kinds of request, interleaved with
// the model alone:
// - first of a session: a session the server has never seen (each signed in beforehand through the
//   e-mailed code), so its session is checked with Supabase Auth in the request, as on the first
//   request after sign-in, and on any request that comes AUTH_SESSION_CHECK_MS (5 s) or more after
//   the last check of its session: a chat sent after reading the previous answer, the usual case;
// - one session: every request of one session, so the session check is remembered and asked again
//   only every AUTH_SESSION_CHECK_MS (a user sending in quick succession, several tabs).
// The budget holds for both: the remembered check is the steady state of quick requests, but a chat
// usually follows the previous answer by more than AUTH_SESSION_CHECK_MS, and then pays the check
// as a first request does.
//
// Prints where the time goes on the path to the first token: each phase's time outside the model's
// own run (the time it could have delayed the token), the wall time of all of them together
// (overlaps counted once), what the model took in the server beyond the model alone, and what none
// of that explains (unattributed). Means add up to the time added; medians are shown beside them.
// Run: node --import tsx --expose-gc tests/bench/app-server-stack.bench.ts   (or npm run bench -- app-server-stack)
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { createClient } from '@supabase/supabase-js';
import { decodeJwt, SignJWT } from 'jose';
import { supabaseServerPorts, type ServerDataPorts } from '../../adapters/composition/server.js';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { createModelGateway } from '../../adapters/models/create-model-gateway.js';
import type { ModelGateway } from '../../core/chat/index.js';
import { authServerSessionState, sessionCheckedVerifier } from '../../adapters/auth/session-check.js';
import { jwtSecretVerifier } from '../../adapters/auth/token-verifier.js';
import { composeServer } from '../../web/server/compose-server.js';
import { parseServerConfig } from '../../web/server/config.js';
import { listen } from '../../web/server/listen.js';
import { spawnStandIn, type StandInProcess } from '../support/stand-in-process.js';
import { BENCH_PROMPT, compareInterleaved, offlineModelProbe, summarise, type LatencySummary } from './model-stream.bench.js';

const PHASES = ['request in', 'auth: token', 'auth: session', 'rate limit', 'preflight', 'writes', 'run log'] as const;
type Phase = (typeof PHASES)[number];
const PHASE_OF: Record<string, Phase> = {
  getBalance: 'preflight', getProfile: 'preflight', holdCredits: 'preflight', listMessages: 'preflight', listAttachments: 'preflight',
  createConversation: 'writes', claim: 'writes', appendMessage: 'writes', start: 'writes',
  sync: 'run log', take: 'rate limit',
};

interface Interval { readonly phase: Phase; readonly name: string; readonly from: number; readonly to: number }

/** What the current request did, in performance.now() time. */
let current: { intervals: Interval[]; modelCalled: number; modelFirstDelta: number } = { intervals: [], modelCalled: NaN, modelFirstDelta: NaN };

function record(phase: Phase, name: string, from: number): void {
  current.intervals.push({ phase, name, from, to: performance.now() });
}

/** Port calls under way, and who waits for there to be none. */
let inFlight = 0;
const whenIdle: (() => void)[] = [];

async function timedCall<T>(phase: Phase, name: string, call: () => Promise<T>): Promise<T> {
  const from = performance.now();
  inFlight += 1;
  try {
    return await call();
  } finally {
    record(phase, name, from);
    inFlight -= 1;
    if (inFlight === 0) for (const wake of whenIdle.splice(0)) wake();
  }
}

/**
 * Resolves once the server has no port call under way: what a request does after its answer (its
 * rate-limit count, the run log's last syncs) is over before the next request starts, as the answer
 * itself is (a sample measures one request, not the tail of the one before).
 */
async function idle(): Promise<void> {
  await new Promise((resolve) => setImmediate(resolve));
  if (inFlight > 0) await new Promise<void>((resolve) => whenIdle.push(resolve));
}

function timed<T extends object>(target: T): T {
  return new Proxy(target, {
    get(object, key, receiver) {
      const value = Reflect.get(object, key, receiver) as unknown;
      const phase = typeof key === 'string' ? PHASE_OF[key] : undefined;
      if (typeof value !== 'function' || !phase) return typeof value === 'function' ? value.bind(object) : value;
      return (...args: unknown[]) => timedCall(phase, String(key), () => (value as (...a: unknown[]) => Promise<unknown>).apply(object, args));
    },
  });
}

/** The model gateway, noting when the server called the model and when the model gave its first token. */
function timedGateway(inner: ModelGateway): ModelGateway {
  return {
    listModels: () => inner.listModels(),
    stream(request) {
      current.modelCalled = performance.now();
      const events = inner.stream(request);
      return (async function* () {
        for await (const event of events) {
          if (event.type === 'delta' && Number.isNaN(current.modelFirstDelta)) current.modelFirstDelta = performance.now();
          yield event;
        }
      })();
    },
  };
}

const authOptions = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };

/** A sign-in through the stand-in's e-mailed code: a new session of that address's user; answers its access token. */
async function signIn(standIn: StandInProcess, email: string): Promise<string> {
  const client = createClient(standIn.url, standIn.keys.anonKey, { auth: authOptions });
  const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
  if (sent.error) throw sent.error;
  const mails = (await (await fetch(`${standIn.mailbox}/api/messages?to=${encodeURIComponent(email)}`)).json()) as { messages: { code?: string }[] };
  const code = mails.messages[0]?.code;
  if (!code) throw new Error('no code was e-mailed');
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (!verified.data.session) throw new Error(`sign-in failed: ${verified.error?.message}`);
  return verified.data.session.access_token;
}

/**
 * The same claims as a token Supabase Auth issued (user, session, role), signed anew with the
 * project's secret with a jti and iat of its own: a token string the server has never seen.
 */
function freshTokens(jwtSecret: string): (issued: string) => Promise<string> {
  const key = new TextEncoder().encode(jwtSecret);
  return async (issued) => {
    const { iat: _iat, exp: _exp, jti: _jti, ...claims } = decodeJwt(issued);
    return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setJti(randomUUID()).setIssuedAt().setExpirationTime('1h').sign(key);
  };
}

interface Sample {
  readonly firstToken: number;
  /** Each phase's time before the first token outside the model's own run. */
  readonly phases: Record<Phase, number>;
  /** All phases together outside the model's run (overlaps counted once). */
  readonly covered: number;
  /** From the server calling the model to the model's first token. */
  readonly model: number;
  readonly timeline: string;
}

/** The length of the union of intervals, each clipped to [from, to). */
function unionLength(intervals: readonly (readonly [number, number])[], from: number, to: number): number {
  const clipped = intervals.map(([a, b]) => [Math.max(a, from), Math.min(b, to)] as const).filter(([a, b]) => b > a).sort((x, y) => x[0] - y[0]);
  let total = 0;
  let end = -Infinity;
  for (const [a, b] of clipped) {
    if (b <= end) continue;
    total += b - Math.max(a, end);
    end = b;
  }
  return total;
}

/** The part of [from, to) spent outside [m0, m1) (the model's own run). */
const outsideModel = (spans: readonly (readonly [number, number])[], firstToken: number, m0: number, m1: number) =>
  unionLength(spans, 0, Math.min(m0, firstToken)) + unionLength(spans, Math.max(m1, 0), firstToken);

const format = (s: LatencySummary) => `p50 ${s.p50Ms.toFixed(2)} ms  p90 ${s.p90Ms.toFixed(2)} ms (${s.runs} runs)`;
const mean = (values: readonly number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);

async function main(): Promise<void> {
  const log = (line: string) => process.stderr.write(`[bench] ${line}\n`);
  const runs = 100;
  const warmup = 20;
  log('starting the Supabase stand-in (a fresh data dir: migrations first)');
  const standIn = await spawnStandIn();
  log('stand-in up');
  const env = {
    SUPABASE_URL: standIn.url, SUPABASE_ANON_KEY: standIn.keys.anonKey, SUPABASE_SERVICE_ROLE_KEY: standIn.keys.serviceRoleKey,
    SUPABASE_JWT_SECRET: standIn.keys.jwtSecret, OFFLINE_MODEL_TOKEN_DELAY_MS: '0', CLIENT_DIST: 'tests/integration/server/no-client-here',
    RATE_LIMIT_BURST: '100000', RATE_LIMIT_PER_MINUTE: '100000',
  };
  const config = parseServerConfig(env);
  if (!config.success) throw new Error(config.error.message);
  const real = supabaseServerPorts({ url: standIn.url, serviceRoleKey: standIn.keys.serviceRoleKey });
  const data: ServerDataPorts = {
    ...real,
    catalogue: { list: () => timedCall('preflight', 'catalogue', () => real.catalogue.list()) },
    profileStore: timed(real.profileStore),
    conversationStore: timed(real.conversationStore),
    conversationTurns: timed(real.conversationTurns),
    usageLedger: timed(real.usageLedger),
    chatRunLog: timed(real.chatRunLog),
    rateLimiter: timed(real.rateLimiter),
  };
  const gateway = createModelGateway({ env, catalogue: data.catalogue, logger: new InMemoryLogger() });
  if (!gateway.success) throw new Error(gateway.error.message);
  // The server's own verifier (adapters/composition/server.ts: the JWT secret, then the session with Supabase
  // Auth every AUTH_SESSION_CHECK_MS), built from the same parts with each part timed.
  const local = jwtSecretVerifier(standIn.keys.jwtSecret);
  const sessionState = authServerSessionState({ supabaseUrl: standIn.url, anonKey: standIn.keys.anonKey });
  const verifyToken = sessionCheckedVerifier(
    (token) => timedCall('auth: token', 'verifyJwt', () => local(token)),
    (token) => timedCall('auth: session', 'sessionState', () => sessionState(token)),
    { cacheMs: config.data.sessionCheckMs },
  );
  const composed = composeServer({ config: config.data, logger: new InMemoryLogger(), data, billing: null, modelGateway: timedGateway(gateway.data), verifyToken });
  if (!composed.success) throw new Error(composed.error.message);
  let arrived = Number.NaN;
  const app = composed.data.app;
  // Notes when each request reaches the app; Node's bindings (the socket, the response) go on to it.
  const server = await listen((request: Request, bindings?: object) => ((arrived = performance.now()), app.fetch(request, bindings)), { port: 0, host: '127.0.0.1' });

  const email = `bench-${Date.now()}@example.com`;
  const steadyToken = await signIn(standIn, email);
  const userId = decodeJwt(steadyToken).sub!;
  const service = createClient(standIn.url, standIn.keys.serviceRoleKey, { auth: authOptions });
  await service.from('profiles').update({ credits: 100_000_000 }).eq('id', userId);
  log(`signed in; signing in ${runs + warmup} more sessions of the same user`);
  const sessions: string[] = [];
  for (let i = 0; i < runs + warmup; i += 1) sessions.push(await signIn(standIn, email));
  const fresh = freshTokens(standIn.keys.jwtSecret);
  log('measuring');

  const samples: Record<'steady' | 'first', Sample[]> = { steady: [], first: [] };
  const probe = (kind: 'steady' | 'first') => async () => {
    const token = await fresh(kind === 'steady' ? steadyToken : (sessions.shift() ?? steadyToken));
    const body = JSON.stringify({ message: BENCH_PROMPT, modelIds: ['offline'] });
    current = { intervals: [], modelCalled: Number.NaN, modelFirstDelta: Number.NaN };
    arrived = Number.NaN;
    const started = performance.now();
    const response = await fetch(`${server.url}/api/chat`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    let firstToken = Number.NaN;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      text += value;
      if (Number.isNaN(firstToken) && text.includes('{"type":"delta"')) firstToken = performance.now() - started;
    }
    if (Number.isNaN(firstToken)) throw new Error(`no token: ${text.slice(0, 300)}`);
    await idle();
    const at = (t: number) => t - started;
    const intervals: Interval[] = [{ phase: 'request in', name: 'request in', from: started, to: arrived }, ...current.intervals];
    const m0 = at(current.modelCalled);
    const m1 = at(current.modelFirstDelta);
    const spansOf = (phase?: Phase) => intervals.filter((i) => phase === undefined || i.phase === phase).map((i) => [at(i.from), at(i.to)] as const);
    samples[kind].push({
      firstToken,
      phases: Object.fromEntries(PHASES.map((p) => [p, outsideModel(spansOf(p), firstToken, m0, m1)])) as Record<Phase, number>,
      covered: outsideModel(spansOf(), firstToken, m0, m1),
      model: m1 - m0,
      timeline: [...intervals.filter((i) => at(i.from) < firstToken).map((i) => `${i.name}@${at(i.from).toFixed(1)}+${(i.to - i.from).toFixed(1)}`), `model@${m0.toFixed(1)}+${(m1 - m0).toFixed(1)}`, `token@${firstToken.toFixed(1)}`].join(' '),
    });
    return firstToken;
  };

  try {
    const directSamples: number[] = [];
    const direct = offlineModelProbe();
    const result = await compareInterleaved({
      direct: async () => {
        const ms = await direct();
        directSamples.push(ms);
        return ms;
      },
      steady: probe('steady'),
      first: probe('first'),
    }, runs, warmup);
    const modelAlone = directSamples.slice(-runs);
    console.log('time to first token with the real local stack (Supabase stand-in in its own process, PGlite), interleaved runs,');
    console.log('a token signed for each request (never in the server\'s verified-token cache); the budget holds for both kinds:');
    console.log(`a chat sent ${config.data.sessionCheckMs / 1000} s (AUTH_SESSION_CHECK_MS) or more after its session's last check has it checked as a first request does`);
    console.log(`  model stream alone (streamText):                ${format(result.direct)}`);
    let over = false;
    for (const [kind, label] of [['first', 'first request of a session (session checked, in the write)'], ['steady', 'one session (session check remembered)']] as const) {
      const all = samples[kind].slice(-runs);
      const added = result[kind].p50Ms - result.direct.p50Ms;
      over ||= added > 10;
      console.log(`\n  ${label}`);
      console.log(`    through POST /api/chat: ${format(result[kind])}`);
      console.log(`    server adds (p50): ${added.toFixed(2)} ms  (budget 10 ms: ${added <= 10 ? 'within' : 'OVER'})`);
      console.log('    where the time goes before the first token (ms; a phase counts only outside the model\'s own run):');
      console.log(`      ${'phase'.padEnd(34)} ${'mean'.padStart(6)} ${'p50'.padStart(6)}`);
      const row = (name: string, values: readonly number[]) => console.log(`      ${name.padEnd(34)} ${mean(values).toFixed(2).padStart(6)} ${summarise(values).p50Ms.toFixed(2).padStart(6)}`);
      for (const phase of PHASES) row(phase, all.map((s) => s.phases[phase]));
      row('all phases (overlaps counted once)', all.map((s) => s.covered));
      row('model in the server − model alone', all.map((s, i) => s.model - (modelAlone[i] ?? 0)));
      row('unattributed', all.map((s, i) => s.firstToken - (modelAlone[i] ?? 0) - s.covered - (s.model - (modelAlone[i] ?? 0))));
      row('= added (first token − model alone)', all.map((s, i) => s.firstToken - (modelAlone[i] ?? 0)));
      const checks = all.filter((s) => s.phases['auth: session'] > 0).length;
      console.log(`      (session checked with Supabase Auth in ${checks} of ${all.length} requests)`);
      console.log(`    one request's timeline (call@start+ms from the client's send): ${all.at(-1)?.timeline ?? ''}`);
    }
    if (over) process.exitCode = 1;
  } finally {
    await server.close();
    await standIn.stop();
  }
}

await main();
