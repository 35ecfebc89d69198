import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { startSandbox, type RunningSandbox } from '@ensemble/billing-sandbox';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { startAppServer, type RunningAppServer } from '../../web/server/start-app-server.js';
import { freePort } from './free-port.js';
import { signInWithCode, standInEnv, startTestSupabase, TEST_SITE_URL } from './local-supabase.js';

type Env = Record<string, string>;

/**
 * The real app server, in this process, on a running stand-in: a free port, the site URL the
 * stand-in redirects to, no client build. `env` adds to or overrides that (token delay, rate limit…).
 */
export async function appOnStandIn(supabase: LocalSupabase, env: Env = {}, logger = new InMemoryLogger()): Promise<RunningAppServer> {
  return startAppServer(
    {
      PORT: String(await freePort()),
      ...standInEnv(supabase),
      PUBLIC_URL: TEST_SITE_URL,
      CLIENT_DIST: 'tests/integration/server/no-client-here',
      ...env,
    },
    { logger },
  );
}

export interface AppOnStandIn {
  readonly supabase: LocalSupabase;
  readonly server: RunningAppServer;
  /** Stops the server, then the stand-in. */
  close(): Promise<void>;
}

/** A fresh stand-in and the app server on it (see appOnStandIn); a failed start stops what did start. */
export async function startAppOnStandIn(env: Env = {}, logger = new InMemoryLogger()): Promise<AppOnStandIn> {
  const supabase = await startTestSupabase();
  try {
    const server = await appOnStandIn(supabase, env, logger);
    return { supabase, server, close: async () => { await server.close(); await supabase.stop(); } };
  } catch (error) {
    await supabase.stop();
    throw error;
  }
}

export interface StackOnStandIns extends AppOnStandIn {
  readonly sandbox: RunningSandbox;
}

/**
 * The local stack as `npm start` runs it, in this process: a stand-in, a seeded billing sandbox whose
 * webhooks go to the app server, and the app server using both (the sandbox's token, server, plan and
 * webhook secret). `env` adds to or overrides that; it is given the sandbox's seed (its discount…).
 */
export async function startStackOnStandIns(
  env: (seed: NonNullable<RunningSandbox['seed']>) => Env = () => ({}),
  logger = new InMemoryLogger(),
): Promise<StackOnStandIns> {
  const supabase = await startTestSupabase();
  let sandbox: RunningSandbox | undefined;
  try {
    const port = String(await freePort());
    sandbox = await startSandbox({ port: 0, memory: true, log: () => undefined, seed: { webhookUrl: `http://127.0.0.1:${port}/api/webhooks/billing` }, webhooks: { baseDelayMs: 50 } });
    const seed = sandbox.seed!;
    const server = await appOnStandIn(
      supabase,
      {
        PORT: port,
        BILLING_ACCESS_TOKEN: seed.accessToken,
        BILLING_SERVER: sandbox.url,
        BILLING_PRODUCT_ID: seed.productId,
        BILLING_WEBHOOK_SECRET: seed.webhookSecret,
        ...env(seed),
      },
      logger,
    );
    const running = sandbox;
    return { supabase, sandbox: running, server, close: async () => { await server.close(); await running.close(); await supabase.stop(); } };
  } catch (error) {
    await sandbox?.close();
    await supabase.stop();
    throw error;
  }
}

/**
 * A user signed up through the stand-in as the browser does (e-mailed code, then verifyOtp), with
 * `credits` when given, and `call` to the app server with their access token: a JSON body is sent
 * encoded, a string as it is (to send what is not JSON).
 */
export async function signUpOnStandIn(supabase: LocalSupabase, appUrl: string, options: { tag?: string; credits?: number } = {}) {
  const email = `${options.tag ?? 'user'}-${Math.random().toString(36).slice(2, 10)}@example.com`;
  const { session, client } = await signInWithCode(supabase, email);
  const userId = session.user.id;
  if (options.credits !== undefined) {
    const credits = options.credits;
    await supabase.db.asAdmin((tx) => tx.query('update public.profiles set credits = $2 where id = $1', [userId, credits]));
  }
  const token = session.access_token;
  const auth = { authorization: `Bearer ${token}` };
  const call = (method: string, path: string, json?: unknown) =>
    fetch(`${appUrl}${path}`, {
      method,
      headers: { ...auth, ...(json === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(json === undefined ? {} : { body: typeof json === 'string' ? json : JSON.stringify(json) }),
    });
  return { userId, email, token, auth, client, call };
}
