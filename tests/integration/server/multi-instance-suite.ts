// Past one machine: three app server processes on one Supabase stand-in and one billing sandbox,
// behind a small round-robin proxy, as a load balancer would place them. What must hold across
// instances: the rate limit, a stream started on one and resumed (or stopped) through another,
// a small balance under 50 concurrent chats, and a webhook delivered to every instance at once.
// Run on PGlite, on a real PostgreSQL server (the postgres lane) and with REDIS_URL (the redis lane).
import { randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import { killAppServerProcesses, spawnAppServer, type AppServerProcess } from '../../support/app-server-process.js';
import { customerWire } from '../../support/billing-fixtures/customers.js';
import { orderWire } from '../../support/billing-fixtures/orders.js';
import { productSummaryWire } from '../../support/billing-fixtures/products.js';
import { signInWithCode, standInEnv, startTestSupabase } from '../../support/local-supabase.js';
import { startRoundRobinProxy, type RoundRobinProxy } from '../../support/round-robin-proxy.js';
import { spawnSandbox, type SandboxProcess } from '../../support/sandbox-process.js';
import { freePort } from '../../support/stack-script.js';
import { readNdjson, readNdjsonUntil } from './server-harness.js';

const offline = DEFAULT_CATALOGUE.find((m) => m.id === 'offline')!;
const CREDITS_PER_PERIOD = 1000;
const BURST = 60;
type Line = Record<string, unknown>;

export function multiInstanceSuite(lane: { redisUrl: string | null }): void {
  let supabase: LocalSupabase;
  let sandbox: SandboxProcess;
  let proxy: RoundRobinProxy;
  let servers: AppServerProcess[];

  beforeAll(async () => {
    supabase = await startTestSupabase();
    proxy = await startRoundRobinProxy();
    sandbox = await spawnSandbox({ webhookUrl: `${proxy.url}/api/webhooks/billing` });
    servers = await Promise.all(
      [0, 1, 2].map(async (n) =>
        spawnAppServer({
          PORT: String(await freePort()),
          INSTANCE_NAME: `multi-instance-${n}`,
          ...standInEnv(supabase),
          BILLING_ACCESS_TOKEN: sandbox.seed.accessToken,
          BILLING_SERVER: sandbox.url,
          BILLING_PRODUCT_ID: sandbox.seed.productId,
          BILLING_WEBHOOK_SECRET: sandbox.seed.webhookSecret,
          CREDITS_PER_PERIOD: String(CREDITS_PER_PERIOD),
          // Answers take seconds: they are still running while the test resumes, stops and crowds them.
          OFFLINE_MODEL_TOKEN_DELAY_MS: '20',
          RATE_LIMIT_BURST: String(BURST),
          RATE_LIMIT_PER_MINUTE: '1',
          SHUTDOWN_GRACE_MS: '0',
          ...(lane.redisUrl ? { REDIS_URL: lane.redisUrl } : {}),
        }),
      ),
    );
    proxy.backends = servers.map((s) => s.url);
  }, 120_000);

  afterAll(async () => {
    killAppServerProcesses();
    await proxy?.close();
    await sandbox?.stop();
    await supabase?.stop();
  });

  const query = async <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);

  /** A user signed in through the stand-in, with exactly `credits`. */
  async function user(credits: number) {
    const { session } = await signInWithCode(supabase, `multi-${randomUUID().slice(0, 8)}@example.com`);
    const userId = session.user.id;
    await query('delete from public.credit_ledger where user_id = $1', [userId]);
    await query('update public.profiles set credits = $2 where id = $1', [userId, credits]);
    const call = (path: string, init: { method?: string; json?: unknown; backend?: number; signal?: AbortSignal } = {}) =>
      fetch(`${proxy.url}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          authorization: `Bearer ${session.access_token}`,
          ...(init.json === undefined ? {} : { 'content-type': 'application/json' }),
          ...(init.backend === undefined ? {} : { 'x-backend': String(init.backend) }),
        },
        ...(init.json === undefined ? {} : { body: JSON.stringify(init.json) }),
        ...(init.signal ? { signal: init.signal } : {}),
      });
    return { userId, call };
  }

  const servedBy = (response: Response) => Number(response.headers.get('x-served-by'));

  const textOf = (lines: readonly Line[]) => lines.filter((l) => l.type === 'delta').map((l) => String(l.text)).join('');

  describe(`several app server instances${lane.redisUrl ? ' with Redis' : ''}`, () => {
    it('every instance serves, with billing on the one sandbox: a checkout through the balancer', async () => {
      for (const n of [0, 1, 2]) {
        const config = await fetch(`${proxy.url}/api/config`, { headers: { 'x-backend': String(n) } });
        expect(await config.json()).toMatchObject({ billingAvailable: true });
      }
      const u = await user(0);
      const checkout = await u.call('/api/billing/checkout', { method: 'POST', json: {} });
      expect(checkout.status).toBe(201);
      expect(new URL((await checkout.json()).url).port).toBe(new URL(sandbox.url).port);
    });

    it('the rate limit holds across instances: the burst is spread over all three, and the next write is refused wherever it lands', async () => {
      const u = await user(0);
      const served = new Set<number>();
      for (let i = 0; i < BURST; i += 1) {
        const created = await u.call('/api/conversations', { method: 'POST', json: {} });
        expect(created.status).toBe(201);
        served.add(servedBy(created));
      }
      expect(served).toEqual(new Set([0, 1, 2]));
      for (const backend of [0, 1, 2]) {
        const refused = await u.call('/api/conversations', { method: 'POST', json: {}, backend });
        expect(refused.status).toBe(429);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      }
    });

    it('a stream started on one instance is resumed through another after the connection drops, and the answer is whole', async () => {
      const u = await user(10_000);
      const leave = new AbortController();
      const started = await u.call('/api/chat', { method: 'POST', json: { message: 'Tell me a long story about the sea', modelIds: ['offline'] }, signal: leave.signal });
      const producer = servedBy(started);
      const first = await readNdjsonUntil(started, (l) => l.type === 'delta' && Number(l.seq) >= 4);
      leave.abort();
      const meta = first.lines[0] as { runId: string; conversationId: string };
      const seen = first.lines.slice(1);
      const last = Number(seen.at(-1)?.seq);
      const elsewhere = (producer + 1) % 3;
      const resumedAt = performance.now();
      const resumed = await u.call(`/api/chat/runs/${meta.runId}/events?after=${last}`, { backend: elsewhere });
      expect(resumed.status).toBe(200);
      expect(servedBy(resumed)).toBe(elsewhere);
      const next = await readNdjsonUntil(resumed, (l) => l.type !== 'meta');
      const firstResumedMs = performance.now() - resumedAt;
      const rest = await next.rest();
      expect(rest[0]).toMatchObject({ type: 'meta', runId: meta.runId });
      expect(rest.slice(1).map((l) => l.seq)).toEqual(rest.slice(1).map((_, i) => last + 1 + i));
      expect(rest.at(-1)).toMatchObject({ type: 'done', answers: [{ finishReason: 'stop' }] });
      const [answer] = await query<{ content: string }>("select content from public.messages where conversation_id = $1 and role = 'assistant'", [meta.conversationId]);
      expect(textOf(seen) + textOf(rest)).toBe(answer?.content);
      // The instance's own time to answer the resume (auth, rate limit, the log's read), as it logged it.
      const answered = servers[elsewhere]!.logged('request').find((l) => String(l['path']).startsWith(`/api/chat/runs/${meta.runId}/events`));
      console.log(`[figure] resumed on instance ${elsewhere} (produced on ${producer}): first resumed event after ${firstResumedMs.toFixed(1)} ms (the instance answered in ${String(answered?.['ms'])} ms)`);
    });

    it('a running answer is named by, and stopped through, instances that do not produce it', async () => {
      const u = await user(10_000);
      const started = await u.call('/api/chat', { method: 'POST', json: { message: 'Tell me a long story about ships', modelIds: ['offline'] }, backend: 0 });
      const running = await readNdjsonUntil(started, (l) => l.type === 'delta');
      const meta = running.lines[0] as { runId: string; conversationId: string };
      const opened = await (await u.call(`/api/conversations/${meta.conversationId}`, { backend: 1 })).json();
      expect(opened.liveRun).toMatchObject({ runId: meta.runId });
      const askedAt = performance.now();
      expect((await u.call(`/api/chat/runs/${meta.runId}/stop`, { method: 'POST', backend: 2 })).status).toBe(202);
      const lines = await running.rest();
      const stoppedMs = performance.now() - askedAt;
      expect(lines.find((l) => l.type === 'finish')).toMatchObject({ finishReason: 'aborted' });
      expect(lines.at(-1)).toMatchObject({ type: 'done' });
      const [saved] = await query<{ content: string }>("select content from public.messages where conversation_id = $1 and role = 'assistant'", [meta.conversationId]);
      expect(saved?.content).toBe(textOf(lines));
      console.log(`[figure] stop asked on instance 2 ended the answer on instance 0 in ${stoppedMs.toFixed(0)} ms`);
      const after = await (await u.call(`/api/conversations/${meta.conversationId}`, { backend: 1 })).json();
      expect(after.liveRun).toBeNull();
    });

    it('one column stopped through an instance that does not produce it: that answer ends aborted, the other answers to its end', async () => {
      const u = await user(10_000);
      const started = await u.call('/api/chat', { method: 'POST', json: { message: 'Tell me a long story about lighthouses', modelIds: ['offline', 'offline-steps'] }, backend: 0 });
      const running = await readNdjsonUntil(started, (l) => l.type === 'delta');
      const meta = running.lines[0] as { runId: string; conversationId: string };
      expect((await u.call(`/api/chat/runs/${meta.runId}/stop`, { method: 'POST', json: { modelId: 'offline-brief' }, backend: 2 })).status).toBe(404);
      expect((await u.call(`/api/chat/runs/${meta.runId}/stop`, { method: 'POST', json: { modelId: 'offline' }, backend: 2 })).status).toBe(202);
      const lines = await running.rest();
      const finishes = Object.fromEntries(lines.filter((l) => l.type === 'finish').map((l) => [l.modelId, l.finishReason]));
      expect(finishes).toEqual({ offline: 'aborted', 'offline-steps': 'stop' });
    });

    it('a regenerate through one instance while another regenerate of the conversation runs on another is 409 conversation_busy, and charges nothing', async () => {
      const u = await user(10_000);
      // The conversation's first answer, stopped early (answers take seconds here) and read to its done.
      const started = await u.call('/api/chat', { method: 'POST', json: { message: 'Tell me a long story about harbours', modelIds: ['offline'] }, backend: 0 });
      const first = await readNdjsonUntil(started, (l) => l.type === 'delta');
      const { runId: firstRun, conversationId } = first.lines[0] as { runId: string; conversationId: string };
      expect((await u.call(`/api/chat/runs/${firstRun}/stop`, { method: 'POST', backend: 0 })).status).toBe(202);
      await first.rest();
      const running = await u.call('/api/chat/regenerate', { method: 'POST', json: { conversationId }, backend: 1 });
      expect(running.status).toBe(200);
      const regenerating = await readNdjsonUntil(running, (l) => l.type === 'delta');
      const [before] = await query<{ credits: number }>('select credits from public.profiles where id = $1', [u.userId]);
      const refused = await u.call('/api/chat/regenerate', { method: 'POST', json: { conversationId }, backend: 2 });
      expect(servedBy(refused)).toBe(2);
      expect(refused.status).toBe(409);
      expect(await refused.json()).toMatchObject({ error: 'conversation_busy' });
      // Nothing held nor charged for the refused one: the running regenerate holds the only credits.
      const [holds] = await query<{ n: number }>('select count(*)::int as n from public.credit_holds where user_id = $1', [u.userId]);
      expect(holds?.n).toBe(1);
      const [during] = await query<{ credits: number }>('select credits from public.profiles where id = $1', [u.userId]);
      expect(during?.credits).toBe(before?.credits);
      const { runId } = regenerating.lines[0] as { runId: string };
      expect((await u.call(`/api/chat/runs/${runId}/stop`, { method: 'POST', backend: 2 })).status).toBe(202);
      const lines = await regenerating.rest();
      expect(lines.at(-1)).toMatchObject({ type: 'done', answers: [{ finishReason: 'aborted' }] });
      const charged = (lines.at(-1) as { answers: { creditsCharged: number }[] }).answers[0]!.creditsCharged;
      const charges = await query<{ amount: number }>("select amount from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [u.userId]);
      expect(charges).toHaveLength(2);
      const [after] = await query<{ credits: number }>('select credits from public.profiles where id = $1', [u.userId]);
      expect(after?.credits).toBe(before!.credits - charged);
      // The conversation is free again: a regenerate through the instance that refused is accepted.
      const again = await u.call('/api/chat/regenerate', { method: 'POST', json: { conversationId }, backend: 2 });
      expect(again.status).toBe(200);
      const next = await readNdjsonUntil(again, (l) => l.type === 'delta');
      expect((await u.call(`/api/chat/runs/${(next.lines[0] as { runId: string }).runId}/stop`, { method: 'POST', backend: 0 })).status).toBe(202);
      expect((await next.rest()).at(-1)).toMatchObject({ type: 'done' });
    });

    it('50 concurrent chats spread across instances never drive a balance below zero; every charge is accounted for', async () => {
      const message = 'Write a long answer about rivers and lakes';
      const minimal = minimalAnswerCredits(offline, estimateTokens(message));
      const balance = 20 * minimal;
      const u = await user(balance);
      const results = await Promise.all(
        Array.from({ length: 50 }, async () => {
          const response = await u.call('/api/chat', { method: 'POST', json: { message, modelIds: ['offline'] } });
          const by = servedBy(response);
          return { by, status: response.status, lines: response.status === 200 ? await readNdjson(response) : [] };
        }),
      );
      const answered = results.filter((r) => r.status === 200);
      expect(new Set(results.map((r) => r.by))).toEqual(new Set([0, 1, 2]));
      expect(results.filter((r) => r.status !== 200).every((r) => r.status === 402)).toBe(true);
      expect(answered.length).toBeGreaterThanOrEqual(1);
      const charged = answered.reduce((sum, r) => sum + Number((r.lines.find((l) => l.type === 'finish') as { creditsCharged: number }).creditsCharged), 0);
      const [profile] = await query<{ credits: number }>('select credits from public.profiles where id = $1', [u.userId]);
      const charges = await query<{ amount: number; balance_after: number }>("select amount, balance_after from public.credit_ledger where user_id = $1 and kind = 'usage_charge'", [u.userId]);
      expect(profile!.credits).toBeGreaterThanOrEqual(0);
      expect(profile!.credits).toBe(balance - charged);
      expect(charges).toHaveLength(answered.length);
      expect(charges.reduce((sum, c) => sum - c.amount, 0)).toBe(charged);
      expect(Math.min(...charges.map((c) => c.balance_after))).toBeGreaterThanOrEqual(0);
      const [holds] = await query<{ n: number }>('select count(*)::int as n from public.credit_holds where user_id = $1', [u.userId]);
      expect(holds?.n).toBe(0);
      console.log(`[figure] 50 concurrent chats on a balance of ${balance} (${minimal} a minimal answer): ${answered.length} answered, ${50 - answered.length} refused (402), charged ${charged}, final balance ${profile!.credits}`);
    });

    it('a webhook delivered to all three instances at once is applied once; delivered again through the balancer, once still', async () => {
      const u = await user(0);
      const orderId = randomUUID();
      const body = JSON.stringify({
        type: 'order.paid',
        timestamp: new Date().toISOString(),
        data: orderWire({ id: orderId, customer: customerWire({ external_id: u.userId }), product_id: sandbox.seed.productId, product: productSummaryWire({ id: sandbox.seed.productId }) }),
      });
      const webhookId = `msg_${randomUUID()}`;
      const signer = new Webhook(Buffer.from(sandbox.seed.webhookSecret, 'utf8').toString('base64'));
      const deliver = (url: string) => {
        const at = new Date();
        return fetch(`${url}/api/webhooks/billing`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'webhook-id': webhookId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signer.sign(webhookId, at, body) },
          body,
        });
      };
      const answers = await Promise.all(servers.map(async (s) => {
        const response = await deliver(s.url);
        return { status: response.status, outcome: ((await response.json()) as { outcome?: string }).outcome };
      }));
      expect(answers.map((a) => a.status)).toEqual([202, 202, 202]);
      expect(answers.map((a) => a.outcome).sort()).toEqual(['duplicate', 'duplicate', 'processed']);
      const again = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await deliver(proxy.url);
        again.push({ by: servedBy(response), outcome: ((await response.json()) as { outcome?: string }).outcome });
      }
      expect(new Set(again.map((a) => a.by))).toEqual(new Set([0, 1, 2]));
      expect(again.map((a) => a.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
      const grants = await query<{ amount: number }>("select amount from public.credit_ledger where user_id = $1 and kind = 'subscription_grant'", [u.userId]);
      expect(grants).toEqual([{ amount: CREDITS_PER_PERIOD }]);
      const [profile] = await query<{ credits: number }>('select credits from public.profiles where id = $1', [u.userId]);
      expect(profile?.credits).toBe(CREDITS_PER_PERIOD);
    });
  });
}
