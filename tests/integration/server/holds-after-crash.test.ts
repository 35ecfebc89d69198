// Credit holds tied to their server: the app server runs as a process of its own on the Supabase
// stand-in, holds credits for slow answers, and is killed (SIGKILL) mid-answer. Restarted on the
// same address it releases its previous incarnation's holds before serving; another server sees
// them lapse with the dead server's lease (seconds), not after the 15-minute ttl.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { estimateTokens, minimalAnswerCredits } from '../../../core/credits/index.js';
import { DEFAULT_CATALOGUE } from '../../../adapters/in-memory/default-model-catalogue.js';
import { leaseSecondsFor } from '../../../web/server/instance-lease.js';
import { killAppServerProcesses, spawnAppServer, type AppServerProcess } from '../../support/app-server-process.js';
import { signInWithCode, standInEnv, startTestSupabase } from '../../support/local-supabase.js';
import { freePort } from '../../support/stack-script.js';

const offline = DEFAULT_CATALOGUE.find((m) => m.id === 'offline')!;
const MESSAGE = 'Tell me a very long story about the sea';
const minimal = minimalAnswerCredits(offline, estimateTokens(MESSAGE));
const HEARTBEAT_MS = 200;
let supabase: LocalSupabase;
let survivor: AppServerProcess | null = null;

beforeAll(async () => {
  supabase = await startTestSupabase();
}, 60_000);
afterAll(async () => {
  killAppServerProcesses();
  await supabase?.stop();
});

const appServer = (port: number, heartbeatMs = HEARTBEAT_MS) =>
  spawnAppServer({
    PORT: String(port),
    ...standInEnv(supabase),
    // A token every ten seconds: the answers are still running when the server is killed.
    OFFLINE_MODEL_TOKEN_DELAY_MS: '9999',
    INSTANCE_HEARTBEAT_MS: String(heartbeatMs),
    RATE_LIMIT_BURST: '100',
  });

const query = async <T>(sql: string, params: unknown[]) => supabase.db.asAdmin(async (tx) => (await tx.query<T>(sql, params)).rows);
const holdsOf = async (userId: string) => Number((await query<{ n: string }>('select count(*) as n from public.credit_holds where user_id = $1 and expires_at > now()', [userId]))[0]?.n);

/** A user with room for exactly two running answers. */
async function userWithTwoAnswers() {
  const { session } = await signInWithCode(supabase, `crash-holds-${Math.random().toString(36).slice(2, 10)}@example.com`);
  await query('update public.profiles set credits = $2 where id = $1', [session.user.id, 2 * minimal]);
  const chat = (server: AppServerProcess) =>
    fetch(`${server.url}/api/chat`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.access_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ message: MESSAGE, modelIds: ['offline'] }),
    });
  return { userId: session.user.id, chat };
}

/** Starts an answer and reads until it is running (its hold is taken before the first line). */
async function startRunningAnswer(chat: () => Promise<Response>) {
  const response = await chat();
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  await reader.read();
  // The stream dies with the server; nothing to read after that.
  return () => reader.cancel().catch(() => undefined);
}

describe('credit holds of a crashed server', () => {
  it('restarted on the same address, the server releases its previous holds before serving: the credits are usable at once', async () => {
    const port = await freePort();
    const u = await userWithTwoAnswers();
    // A lease (30 s) far longer than a restart: only the restart can give the holds back here.
    let server = await appServer(port, 10_000);
    const cancels = [await startRunningAnswer(() => u.chat(server)), await startRunningAnswer(() => u.chat(server))];
    expect(await holdsOf(u.userId)).toBe(2);
    const refused = await u.chat(server);
    expect(refused.status).toBe(402);
    expect(await refused.json()).toMatchObject({
      error: 'insufficient_credits',
      message: `Not enough credits for this chat: balance ${2 * minimal}, ${2 * minimal} held by running answers, required ${minimal}`,
      details: { balance: 2 * minimal, held: 2 * minimal, required: minimal },
    });

    server.kill('SIGKILL');
    await server.exited;
    for (const cancel of cancels) await cancel();
    const restarted = Date.now();
    server = await appServer(port, 10_000);
    const listening = Date.now();
    const registered = await server.waitForLog('server instance registered');
    const usable = await u.chat(server);
    console.log(
      `[figure] holds of a killed server: ${String(registered['releasedHolds'])} released by its restart; ` +
        `process start ${listening - restarted} ms, then a new chat admitted ${Date.now() - listening} ms after it listened`,
    );
    expect(registered).toMatchObject({ releasedHolds: 2, releasedCredits: 2 * minimal });
    expect(usable.status).toBe(200);
    await usable.body?.cancel();
    survivor = server;
  }, 60_000);

  it('with no restart, the holds lapse with the dead server\'s lease: another server admits the chat within seconds', async () => {
    const u = await userWithTwoAnswers();
    const doomed = await appServer(await freePort());
    // Another instance: the one restarted above, or a new one when this test runs alone.
    const other = survivor ?? (await appServer(await freePort()));
    const cancels = [await startRunningAnswer(() => u.chat(doomed)), await startRunningAnswer(() => u.chat(doomed))];
    expect((await u.chat(other)).status).toBe(402);

    doomed.kill('SIGKILL');
    await doomed.exited;
    for (const cancel of cancels) await cancel();
    const killed = Date.now();
    // Bounded poll: the lease is wall time (three heartbeats).
    let status = 0;
    while (status !== 200) {
      const response = await u.chat(other);
      status = response.status;
      await response.body?.cancel();
      if (Date.now() - killed > 15_000) throw new Error('the holds of the killed server still count after 15 s');
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const ms = Date.now() - killed;
    console.log(`[figure] holds of a killed server lapse ${ms} ms after the kill (lease ${leaseSecondsFor(HEARTBEAT_MS)} s, hold ttl 15 min)`);
    expect(ms).toBeLessThan(10_000);
    other.kill('SIGKILL');
    await other.exited;
  }, 60_000);
});
