import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../support/free-port.js';
import { buildClientIfNeeded, startLocalStack, type LocalStack } from '../../../scripts/local-stack.js';

export interface E2eStack {
  readonly appUrl: string;
  readonly mailboxUrl: string;
  /** The Supabase stand-in with its service-role key (rows a test seeds, such as catalogue models). */
  readonly supabase: { readonly url: string; readonly serviceRoleKey: string } | null;
  stop(): Promise<void>;
}

/**
 * The whole product as `npm start` runs it (scripts/local-stack.ts: Supabase stand-in, mailbox,
 * billing sandbox, app server serving the built client), on free ports with a temporary data dir.
 * Real services and provider keys of the environment are left out; `env` may set them (a provider
 * stand-in's base URL, for instance).
 */
export async function startE2eStack(options: { env?: Record<string, string> } = {}): Promise<E2eStack> {
  if (buildClientIfNeeded() === 'failed') throw new Error('The web client does not build');
  const dataDir = mkdtempSync(join(tmpdir(), 'ensemble-e2e-'));
  const [app, supabase, mailbox, sandbox] = [await freePort(), await freePort(), await freePort(), await freePort()];
  const saved = { ...process.env };
  const appUrl = `http://localhost:${app}`;
  for (const name of ['SUPABASE_URL', 'BILLING_ACCESS_TOKEN', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'GOOGLE_GENERATIVE_AI_API_KEY', 'OPENAI_COMPATIBLE_BASE_URL']) delete process.env[name];
  Object.assign(process.env, {
    DATA_DIR: dataDir, PORT: String(app), PUBLIC_URL: appUrl, SUPABASE_PORT: String(supabase), MAILBOX_PORT: String(mailbox),
    BILLING_SANDBOX_PORT: String(sandbox),
    // A JSON line per request would bury the test report; warnings and errors still show.
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    ...options.env,
  });
  let stack: LocalStack;
  try {
    stack = await startLocalStack({ serveClient: true });
  } finally {
    process.env = saved;
  }
  return {
    appUrl,
    mailboxUrl: stack.supabase?.mailboxUrl ?? `http://127.0.0.1:${mailbox}`,
    supabase: stack.supabase ? { url: stack.supabase.url, serviceRoleKey: stack.supabase.serviceRoleKey } : null,
    stop: async () => {
      await stack.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
