// The local stack behind `npm start` and `npm run dev`: the Supabase stand-in and the billing sandbox
// when their real counterparts are not configured, then the app server. Data stays in .data/.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_PLAN_TEXT } from '../core/billing/index.js';
import type { RunningSandbox } from '@ensemble/billing-sandbox';
import { ownerOnlyFolder } from '@ensemble/supabase-stand-in';
import type { LocalSupabase } from '@ensemble/supabase-stand-in';
import { startAppServer, type RunningAppServer } from '../web/server/start-app-server.js';
import { appOrigins } from '../web/server/http/app-origin.js';

const portOf = (name: string, fallback: number): number => {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`${name} must be a port number from 0 to 65535, got "${raw}"`);
  return port;
};

export interface LocalStack {
  readonly app: RunningAppServer;
  readonly supabase: LocalSupabase | null;
  readonly sandbox: RunningSandbox | null;
  stop(): Promise<void>;
}

/** Newest modification time under the client's sources (the build is stale when dist is older). */
function newestSource(paths: readonly string[]): number {
  let newest = 0;
  const visit = (path: string) => {
    if (!existsSync(path)) return;
    const info = statSync(path);
    if (info.isDirectory()) {
      // dist and its staging folders (dist.building-*, dist.retired-*) are output, not sources.
      for (const name of readdirSync(path)) if (!name.startsWith('dist') && name !== 'node_modules') visit(join(path, name));
    } else newest = Math.max(newest, info.mtimeMs);
  };
  paths.forEach(visit);
  return newest;
}

/** Builds web/client/dist when it is missing or older than its sources; a failed build is reported, not fatal. */
export function buildClientIfNeeded(distDir = 'web/client/dist'): 'fresh' | 'built' | 'failed' {
  const index = join(distDir, 'index.html');
  // The client bundles core/ and the browser adapters too: a change there is a change of the client.
  const sources = newestSource(['web/client', 'web/public', 'core', 'adapters', 'vite.config.ts']);
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return 'fresh';
  console.log('building the web client (vite build)...');
  // Built beside the target and swapped in whole: two stacks starting at once (tests, or npm start
  // beside npm test) never serve or overwrite a half-written folder.
  const staging = resolve(`${distDir}.building-${process.pid}`);
  const run = spawnSync(process.execPath, [join('node_modules', 'vite', 'bin', 'vite.js'), 'build', '--outDir', staging, '--emptyOutDir'], { stdio: 'inherit' });
  if (run.status === 0) {
    const retired = resolve(`${distDir}.retired-${process.pid}`);
    try {
      renameSync(distDir, retired);
    } catch {
      // No earlier build, or another build is swapping it right now.
    }
    try {
      renameSync(staging, distDir);
    } catch (error) {
      // Another build won the race; its output is as good as ours.
      if (!existsSync(index)) throw error;
      rmSync(staging, { recursive: true, force: true });
    }
    rmSync(retired, { recursive: true, force: true });
    return 'built';
  }
  rmSync(staging, { recursive: true, force: true });
  console.warn('!! the client build failed; the server starts anyway and its pages say the client is not built');
  return 'failed';
}

/** Starts what is not configured, then the app server pointing at it. */
export async function startLocalStack(options: { serveClient: boolean }): Promise<LocalStack> {
  const env: Record<string, string | undefined> = { ...process.env };
  const dataDir = env['DATA_DIR'] ?? '.data';
  // Keys, the billing sandbox's token and webhook secret, every user's data: the owner's only.
  await ownerOnlyFolder(dataDir);
  const appPort = portOf('PORT', 3000);
  const appUrl = env['PUBLIC_URL'] ?? `http://localhost:${appPort}`;
  let supabase: LocalSupabase | null = null;
  let sandbox: RunningSandbox | null = null;
  const stopParts = async () => {
    await sandbox?.close();
    await supabase?.stop();
  };
  try {
    if (!env['SUPABASE_URL']) {
      const { startLocalSupabase } = await import('@ensemble/supabase-stand-in');
      const { authProtectionFromEnv } = await import('@ensemble/supabase-stand-in');
      // Supabase's per-address Auth limits unless AUTH_RATE_LIMIT_* / AUTH_OTP_MAX_ATTEMPTS say otherwise.
      const protection = authProtectionFromEnv(env);
      if (!protection.success) throw new Error(protection.error);
      supabase = await startLocalSupabase({
        dataDir,
        port: portOf('SUPABASE_PORT', 54321),
        mailboxPort: portOf('MAILBOX_PORT', 54324),
        siteUrl: appUrl,
        // Sign-in links go back to the origin that asked for them: the app under every loopback name
        // (a page opened at 127.0.0.1 keeps its session there), on its port and at its public address.
        additionalRedirectUrls: [...new Set([appUrl, `http://localhost:${appPort}`, 'http://localhost:5173'].flatMap(appOrigins))],
        authRateLimits: protection.data.rateLimits,
        otpMaxAttempts: protection.data.otpMaxAttempts,
      });
      Object.assign(env, {
        SUPABASE_URL: supabase.url,
        SUPABASE_ANON_KEY: supabase.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: supabase.serviceRoleKey,
        SUPABASE_JWT_SECRET: supabase.keys.jwtSecret,
      });
    }
    // The sandbox is optional: if it cannot load or start, the app runs with billing unavailable.
    const startSandbox = env['BILLING_ACCESS_TOKEN']
      ? null
      : await import('@ensemble/billing-sandbox').then(
          (m) => m.startSandbox,
          (error: Error) => {
            console.warn(`!! the billing sandbox could not be loaded (${error.message}); billing is unavailable`);
            return null;
          },
        );
    if (startSandbox) {
      sandbox = await startSandbox({
        port: portOf('BILLING_SANDBOX_PORT', 54380),
        dataDir: join(dataDir, 'billing'),
        // The plan as a fresh provider set-up has it: the app shows its own translated text in its place.
        seed: { webhookUrl: `http://127.0.0.1:${appPort}/api/webhooks/billing`, plan: DEFAULT_PLAN_TEXT },
        log: () => undefined,
      });
      const seed = sandbox.seed;
      if (seed === null) throw new Error('the billing sandbox started without its seed');
      Object.assign(env, {
        BILLING_ACCESS_TOKEN: seed.accessToken,
        BILLING_SERVER: sandbox.url,
        BILLING_PRODUCT_ID: seed.productId,
        BILLING_DISCOUNT_ID: seed.discountId,
        BILLING_WEBHOOK_SECRET: seed.webhookSecret,
      });
    }
    if (!options.serveClient) env['CLIENT_DIST'] = join(dataDir, 'no-client-in-dev');
    env['PORT'] = String(appPort);
    const app = await startAppServer(env);
    return {
      app,
      supabase,
      sandbox,
      stop: async () => {
        await app.close();
        await stopParts();
      },
    };
  } catch (error) {
    await stopParts();
    throw error;
  }
}

export function printStack(stack: LocalStack, appUrl: string): void {
  const dataDir = process.env['DATA_DIR'] ?? '.data';
  const lines = [
    '',
    `  Ensemble        ${appUrl}`,
    stack.supabase ? `  Supabase        ${stack.supabase.url}  (local stand-in, data in ${join(dataDir, 'postgres')})` : `  Supabase        ${stack.app.config.supabase?.url} (configured)`,
    stack.supabase ? `  Mailbox         ${stack.supabase.mailboxUrl}  (every magic link and sign-in code)` : null,
    stack.sandbox ? `  Billing sandbox ${stack.sandbox.url}  (test card 4242 4242 4242 4242, data in ${join(dataDir, 'billing')})` : `  Billing         ${stack.app.config.billing?.server ?? 'unavailable'}`,
    '',
    '  Real providers: set SUPABASE_URL + SUPABASE_ANON_KEY + SUPABASE_SERVICE_ROLE_KEY (+ SUPABASE_JWT_SECRET),',
    '  BILLING_ACCESS_TOKEN + BILLING_SERVER + BILLING_PRODUCT_ID (+ BILLING_DISCOUNT_ID, BILLING_WEBHOOK_SECRET),',
    '  and model keys OPENAI_API_KEY / ANTHROPIC_API_KEY / GOOGLE_GENERATIVE_AI_API_KEY / OPENAI_COMPATIBLE_BASE_URL.',
    `  Without a model key the offline model answers. Ctrl-C stops everything; data is kept in ${dataDir}/.`,
    '',
  ];
  console.log(lines.filter((l) => l !== null).join('\n'));
}

/** Ctrl-C / SIGTERM: stop once, in order, then exit. */
export function stopOnSignals(stop: () => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}
