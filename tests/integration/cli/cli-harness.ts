import { PassThrough, Writable } from 'node:stream';
import { startSandbox, type RunningSandbox } from '@ensemble/billing-sandbox';
import type { SeedInfo } from '@ensemble/billing-sandbox';
import { createBillingClient, type BillingClient } from '@ensemble/billing-client';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import type { CliIo } from '../../../cli/io.js';
import { runCli } from '../../../cli/program.js';
import { closedPort } from '../../support/local-http.js';
import { signInWithCode, startTestSupabase } from '../../support/local-supabase.js';

export interface Run {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

class Capture extends Writable {
  text = '';
  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.text += chunk.toString();
    done();
  }
}

export interface RunOptions {
  readonly env?: Record<string, string | undefined>;
  /** Lines typed at a confirmation prompt; giving them makes the run interactive (a TTY). */
  readonly answers?: readonly string[];
  readonly isTTY?: boolean;
  readonly cwd?: string;
  readonly home?: string;
  readonly color?: boolean;
}

/** Runs the program in-process with captured output, like the bin but without a child process. */
export async function runIn(argv: readonly string[], options: RunOptions = {}): Promise<Run> {
  const stdout = new Capture();
  const stderr = new Capture();
  const stdin = new PassThrough();
  if (options.answers !== undefined) stdin.end(options.answers.map((a) => `${a}\n`).join(''));
  else stdin.end();
  const io: CliIo = {
    stdout,
    stderr,
    stdin,
    isTTY: options.isTTY ?? options.answers !== undefined,
    color: options.color ?? false,
    env: { LANG: 'en_US.UTF-8', ...options.env },
    cwd: options.cwd ?? '/nonexistent-ensemble-cwd',
    home: options.home ?? '/nonexistent-ensemble-home',
  };
  const code = await runCli(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}

export interface Stack {
  readonly sandbox: RunningSandbox;
  readonly seed: SeedInfo;
  readonly billing: BillingClient;
  readonly supabase: LocalSupabase;
  /** Runs `ensemble --env <sandbox> ...` with the seeded token and the stand-in's service key. */
  run(argv: readonly string[], options?: RunOptions): Promise<Run>;
  close(): Promise<void>;
}

/** The billing sandbox (memory) and the Supabase stand-in on ephemeral ports. */
export async function startStack(options: { supabase?: boolean } = {}): Promise<Stack> {
  const sandbox = await startSandbox({
    port: 0,
    memory: true,
    seed: { webhookUrl: `${await closedPort()}/hooks` },
    webhooks: { baseDelayMs: 5, maxDelayMs: 20, maxAttempts: 1, timeoutMs: 1_000 },
    log: () => undefined,
  });
  const seed = sandbox.seed as SeedInfo;
  const supabase = options.supabase === false ? null : await startTestSupabase();
  const env = {
    BILLING_ACCESS_TOKEN: seed.accessToken,
    ...(supabase ? { SUPABASE_URL: supabase.url, SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey } : {}),
  };
  return {
    sandbox,
    seed,
    billing: createBillingClient({ server: sandbox.url, accessToken: seed.accessToken }),
    supabase: supabase as LocalSupabase,
    run: (argv, runOptions = {}) => runIn(['--env', sandbox.url, ...argv], { ...runOptions, env: { ...env, ...runOptions.env } }),
    close: async () => {
      await sandbox.close();
      await supabase?.stop();
    },
  };
}

/** The value of a successful billing call (tests only: a failure is a broken setup). */
export function must<T>(answer: { success: true; data: T } | { success: false; error: unknown }): T {
  if (!answer.success) throw answer.error instanceof Error ? answer.error : new Error(JSON.stringify(answer.error));
  return answer.data;
}

export const SUCCESS_TOKEN = 'ctoken_sandbox_success';

/** A paid subscription to the seeded plan for `email`, external id = `externalId`, as the app's checkout makes it. */
export async function subscribe(stack: Stack, email: string, externalId: string) {
  const checkout = must(await stack.billing.checkouts.create({ products: [stack.seed.productId], externalCustomerId: externalId, customerEmail: email }));
  must(
    await stack.billing.checkouts.client.confirm({
      clientSecret: checkout.clientSecret,
      checkoutConfirmStripe: { customerEmail: email, customerName: 'Ada Lovelace', customerBillingAddress: { country: 'FR' }, confirmationTokenId: SUCCESS_TOKEN },
    }),
  );
  const after = must(await stack.billing.checkouts.get({ id: checkout.id }));
  const customerId = after.customerId as string;
  const subscription = must(await stack.billing.subscriptions.list({ customerId })).items[0]!;
  const order = must(await stack.billing.orders.list({ customerId })).items[0]!;
  return { checkout: after, customerId, subscription, order };
}

export const uniqueEmail = (tag: string): string => `${tag}-${Math.random().toString(36).slice(2, 10)}@example.com`;

/** The CLI's options that make `operator` the support person recorded with what it changes. */
export const asOperator = (operator: string) => ({ env: { ENSEMBLE_OPERATOR: operator } });

/** A new user signed in by e-mail code and subscribed to the seeded plan through the checkout. */
export async function subscribedUser(stack: Stack, label: string) {
  const email = uniqueEmail(label);
  const userId = (await signInWithCode(stack.supabase, email)).user.id;
  return { email, userId, sub: await subscribe(stack, email, userId) };
}
