// One part of the local stack in a process of its own (scripts/local-stack.ts forks it): the Supabase
// stand-in with its mailbox, the billing sandbox, or the app server. The stack sends what to start
// over the IPC channel; the part answers what it serves once it listens, and stops on SIGTERM or when
// the stack goes away (the channel closes). Ctrl-C reaches every process of the terminal: a part
// leaves it to the stack, which stops the parts in order.
import { join } from 'node:path';
import { z } from 'zod';

const startMessage = z.discriminatedUnion('part', [
  z.object({
    part: z.literal('supabase'),
    dataDir: z.string(),
    port: z.number().int(),
    mailboxPort: z.number().int(),
    siteUrl: z.string(),
    additionalRedirectUrls: z.array(z.string()),
  }),
  z.object({ part: z.literal('billing'), dataDir: z.string(), port: z.number().int(), webhookUrl: z.string() }),
  // The app server's configuration: its environment, as `npm run serve` reads it, once the stand-ins it points at are up.
  z.object({ part: z.literal('app'), env: z.record(z.string(), z.string()) }),
]);
export type StackPartStart = z.infer<typeof startMessage>;

/** What a part answers once it listens (the `ready` message); `failed` carries why it did not start. */
export type StackPartReply =
  | { readonly type: 'ready'; readonly part: 'supabase'; readonly url: string; readonly anonKey: string; readonly serviceRoleKey: string; readonly jwtSecret: string; readonly mailboxUrl: string }
  | { readonly type: 'ready'; readonly part: 'billing'; readonly url: string; readonly seed: { readonly accessToken: string; readonly productId: string; readonly discountId: string; readonly webhookSecret: string } }
  | {
      readonly type: 'ready';
      readonly part: 'app';
      readonly url: string;
      readonly port: number;
      readonly dataMode: 'supabase' | 'memory';
      readonly publicUrl: string | null;
      readonly supabaseUrl: string | null;
      readonly billingServer: string | null;
    }
  | { readonly type: 'failed'; readonly message: string };

/** Sends a reply to the stack; resolves once it is handed over (so an exit right after does not lose it). */
const reply = (message: StackPartReply) => new Promise<void>((resolve) => (process.send ? process.send(message, () => resolve()) : resolve()));

let stop: (() => Promise<void>) | null = null;

// Forked as soon as the stack starts (the app before the stand-ins it needs are up): each part loads
// its code while it waits for what to start.
const PART = process.argv[2];
const supabaseCode = PART === 'supabase' ? import('@ensemble/supabase-stand-in') : null;
const billingCode = PART === 'billing' ? Promise.all([import('@ensemble/billing-sandbox'), import('../core/billing/index.js')]) : null;
const appCode = PART === 'app' ? import('../web/server/start-app-server.js') : null;
for (const code of [supabaseCode, billingCode, appCode]) code?.catch(() => undefined);

/** Starts the part; `stop` stops it from the moment it listens. */
async function start(message: StackPartStart): Promise<void> {
  if (message.part === 'supabase') {
    const { authProtectionFromEnv, startLocalSupabase } = await (supabaseCode ?? import('@ensemble/supabase-stand-in'));
    // Supabase's per-address Auth limits unless AUTH_RATE_LIMIT_* / AUTH_OTP_MAX_ATTEMPTS say otherwise.
    const protection = authProtectionFromEnv(process.env);
    if (!protection.success) throw new Error(protection.error);
    const supabase = await startLocalSupabase({
      dataDir: message.dataDir,
      port: message.port,
      mailboxPort: message.mailboxPort,
      siteUrl: message.siteUrl,
      additionalRedirectUrls: message.additionalRedirectUrls,
      authRateLimits: protection.data.rateLimits,
      otpMaxAttempts: protection.data.otpMaxAttempts,
    });
    stop = () => supabase.stop();
    await reply({ type: 'ready', part: 'supabase', url: supabase.url, anonKey: supabase.anonKey, serviceRoleKey: supabase.serviceRoleKey, jwtSecret: supabase.keys.jwtSecret, mailboxUrl: supabase.mailboxUrl });
    return;
  }
  if (message.part === 'billing') {
    const [{ startSandbox }, { DEFAULT_PLAN_TEXT }] = await (billingCode ?? Promise.all([import('@ensemble/billing-sandbox'), import('../core/billing/index.js')]));
    const sandbox = await startSandbox({
      port: message.port,
      dataDir: join(message.dataDir, 'billing'),
      // The plan as a fresh provider set-up has it: the app shows its own translated text in its place.
      seed: { webhookUrl: message.webhookUrl, plan: DEFAULT_PLAN_TEXT },
      log: () => undefined,
    });
    const seed = sandbox.seed;
    if (seed === null) {
      await sandbox.close();
      throw new Error('the billing sandbox started without its seed');
    }
    stop = () => sandbox.close();
    await reply({ type: 'ready', part: 'billing', url: sandbox.url, seed: { accessToken: seed.accessToken, productId: seed.productId, discountId: seed.discountId, webhookSecret: seed.webhookSecret } });
    return;
  }
  const { startAppServer } = await (appCode ?? import('../web/server/start-app-server.js'));
  const app = await startAppServer({ ...process.env, ...message.env });
  stop = () => app.close();
  await reply({
    type: 'ready',
    part: 'app',
    url: app.url,
    port: app.port,
    dataMode: app.dataMode,
    publicUrl: app.config.publicUrl ?? null,
    supabaseUrl: app.config.supabase?.url ?? null,
    billingServer: app.config.billing?.server ?? null,
  });
}

let stopping = false;
const stopAndExit = (code: number) => {
  if (stopping) return;
  stopping = true;
  (stop ?? (() => Promise.resolve()))().then(
    () => process.exit(code),
    (error: unknown) => {
      console.error(`could not stop cleanly: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
};

process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => stopAndExit(0));
// The stack is gone (it crashed, or was killed): no part outlives it.
process.on('disconnect', () => stopAndExit(0));
process.once('message', (raw: unknown) => {
  const parsed = startMessage.safeParse(raw);
  if (!parsed.success) {
    void reply({ type: 'failed', message: `not a part of the stack to start: ${parsed.error.message}` }).then(() => process.exit(1));
    return;
  }
  start(parsed.data).then(
    () => undefined,
    (error: unknown) => {
      void reply({ type: 'failed', message: error instanceof Error ? error.message : String(error) }).then(() => process.exit(1));
    },
  );
});
