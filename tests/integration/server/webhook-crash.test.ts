// A paid order survives a crash: the app server (its own process, on the Supabase stand-in) is
// killed (SIGKILL) before, during and after the transaction that records and applies an order.paid
// webhook. The provider then redelivers it (same webhook id, signed again), as its retries reach
// whichever instance serves the address: the period's credits are granted exactly once at every
// crash point. (On the stand-in, `during-apply` always finds the transaction committed: the
// stand-in finishes a request whose client died, so it is the "everything" case.)
import { randomBytes, randomUUID } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { WEBHOOK_CRASH_POINTS, type WebhookCrashPoint } from '../../../adapters/faults/crash-seam.js';
import { killAppServerProcesses, spawnAppServer, type AppServerProcess } from '../../support/app-server-process.js';
import { customerWire } from '../../support/billing-fixtures/customers.js';
import { orderWire } from '../../support/billing-fixtures/orders.js';
import { StandInUsers } from '../supabase-adapters/adapter-harness.js';
import { standInEnv, startTestSupabase } from '../../support/local-supabase.js';
import { freePort } from '../../support/stack-script.js';

const SECRET = `whsec_${randomBytes(24).toString('base64')}`;
const CREDITS = 1000;
let supabase: LocalSupabase;
/** Where the crashing servers listen, one after the other. */
let port: number;
/** The instance that takes the provider's retries. */
let serving: AppServerProcess;

beforeAll(async () => {
  supabase = await startTestSupabase();
  port = await freePort();
  serving = await appServer(null, await freePort());
}, 60_000);
afterAll(async () => {
  killAppServerProcesses();
  await supabase?.stop();
});

const appServer = (crash: WebhookCrashPoint | null, at = port) =>
  spawnAppServer({
    PORT: String(at),
    ...standInEnv(supabase),
    BILLING_WEBHOOK_SECRET: SECRET,
    CREDITS_PER_PERIOD: String(CREDITS),
    ...(crash === null ? {} : { FAULT_WEBHOOK_CRASH: crash }),
  });

const query = async <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);

/** The provider's delivery: the same webhook id and body each time, signed anew (Standard Webhooks). */
const deliver = (url: string, webhookId: string, body: string) => {
  const at = new Date();
  const signature = new Webhook(Buffer.from(SECRET, 'utf8').toString('base64')).sign(webhookId, at, body);
  return fetch(`${url}/api/webhooks/billing`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'webhook-id': webhookId, 'webhook-timestamp': String(Math.floor(at.getTime() / 1000)), 'webhook-signature': signature },
    body,
  });
};

interface Trial {
  readonly point: WebhookCrashPoint;
  readonly firstAnswer: string;
  readonly redeliveries: string[];
  readonly credits: number;
  readonly grants: number;
}

async function trial(point: WebhookCrashPoint): Promise<Trial> {
  const userId = await new StandInUsers(supabase).create();
  await query('delete from public.credit_ledger where user_id = $1', [userId]);
  await query('update public.profiles set credits = 0 where id = $1', [userId]);
  const orderId = randomUUID();
  const body = JSON.stringify({ type: 'order.paid', timestamp: new Date().toISOString(), data: orderWire({ id: orderId, customer: customerWire({ external_id: userId }) }) });
  const webhookId = `msg_${randomUUID()}`;

  const crashing = await appServer(point);
  // The server dies before it answers: the provider sees a broken connection and will retry.
  const firstAnswer = await deliver(crashing.url, webhookId, body).then(
    (r) => `HTTP ${r.status}`,
    () => 'connection lost',
  );
  expect(await crashing.exited).toMatchObject({ signal: 'SIGKILL' });

  const redeliveries: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const answer = await deliver(serving.url, webhookId, body);
    expect(answer.status).toBe(202);
    redeliveries.push(((await answer.json()) as { outcome: string }).outcome);
  }
  const [profile] = await query<{ credits: number }>('select credits from public.profiles where id = $1', [userId]);
  const grants = await query<{ amount: number }>("select amount from public.credit_ledger where user_id = $1 and reference = $2", [userId, `order:${orderId}`]);
  return { point, firstAnswer, redeliveries, credits: Number(profile?.credits), grants: grants.length };
}

describe('order.paid survives a crash at every point of applying it', () => {
  it('killed before, during and after the transaction, then redelivered: the credits are granted exactly once', async () => {
    const trials: Trial[] = [];
    for (const point of WEBHOOK_CRASH_POINTS) trials.push(await trial(point));
    for (const t of trials) {
      console.log(`[figure] crash ${t.point}: first delivery ${t.firstAnswer}; redelivered ${t.redeliveries.length}× -> ${t.redeliveries.join(', ')}; credits ${t.credits}, grants ${t.grants}`);
      expect(t.firstAnswer).toBe('connection lost');
      expect(t.credits).toBe(CREDITS);
      expect(t.grants).toBe(1);
      // The second redelivery is always a duplicate; the first applies it unless the crash came after the commit.
      expect(t.redeliveries[1]).toBe('duplicate');
    }
    expect(trials.find((t) => t.point === 'before-apply')?.redeliveries[0]).toBe('processed');
    expect(trials.find((t) => t.point === 'after-apply')?.redeliveries[0]).toBe('duplicate');
  }, 120_000);
});
