import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@supabase/supabase-js';
import { KEYS_FILE_NAME } from '@ensemble/supabase-stand-in';
import { freePort } from './free-port.js';

const root = join(import.meta.dirname, '..', '..');

export interface StandInProcess {
  readonly url: string;
  /** Its process id (for its CPU time in /proc). */
  readonly pid: number;
  readonly mailbox: string;
  readonly keys: { readonly jwtSecret: string; readonly anonKey: string; readonly serviceRoleKey: string };
  /** Stops it and removes its data folder. */
  stop(): Promise<void>;
}

/**
 * The Supabase stand-in (`npm run supabase:local`, PGlite) as a process of its own on a fresh data
 * folder (migrations first: it takes a while), as the app servers of a benchmark meet a database
 * that is not in their process. With `postgresUrl` it keeps the data on that PostgreSQL server
 * (an empty database; it applies the migrations there) instead of PGlite.
 */
export async function spawnStandIn(options: { postgresUrl?: string } = {}): Promise<StandInProcess> {
  const dir = mkdtempSync(join(tmpdir(), 'stand-in-process-'));
  const [port, mailboxPort] = [String(await freePort()), String(await freePort())];
  const child = spawn(
    process.execPath,
    [
      '--import', 'tsx', 'adapters/stand-ins/supabase/main.ts', '--port', port, '--mailbox-port', mailboxPort, '--data', dir, '--email-interval', '0',
      // A benchmark signs many users in from 127.0.0.1: Auth's per-address limits would refuse them.
      '--rate-limit-sign-ins', '0', '--rate-limit-verifications', '0', '--rate-limit-refreshes', '0',
      ...(options.postgresUrl === undefined ? [] : ['--postgres-url', options.postgresUrl]),
    ],
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    // Any HTTP answer (401 without an API key) means it listens.
    const up = existsSync(join(dir, KEYS_FILE_NAME)) && (await fetch(`${url}/auth/v1/health`).then(() => true, () => false));
    if (up) break;
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the Supabase stand-in did not start');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const keys = JSON.parse(readFileSync(join(dir, KEYS_FILE_NAME), 'utf8')) as StandInProcess['keys'];
  return {
    url,
    pid: child.pid!,
    keys,
    mailbox: `http://127.0.0.1:${mailboxPort}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A user signed up through the stand-in's e-mailed code, with `credits`: its access token and id. */
export async function signUpWithCode(standIn: StandInProcess, email: string, credits: number): Promise<{ token: string; userId: string }> {
  const auth = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false };
  const client = createClient(standIn.url, standIn.keys.anonKey, { auth });
  const sent = await client.auth.signInWithOtp({ email, options: { shouldCreateUser: true } });
  if (sent.error) throw new Error(`no code was sent to ${email}: ${sent.error.message}`);
  const mails = (await (await fetch(`${standIn.mailbox}/api/messages`)).json()) as { messages?: { to: string; code?: string }[] } | { to: string; code?: string }[];
  const code = (Array.isArray(mails) ? mails : (mails.messages ?? [])).find((m) => m.to === email)?.code;
  if (!code) throw new Error(`no code was e-mailed to ${email}`);
  const verified = await client.auth.verifyOtp({ email, token: code, type: 'email' });
  if (!verified.data.session) throw new Error(`sign-in failed: ${verified.error?.message}`);
  const userId = verified.data.session.user.id;
  const service = createClient(standIn.url, standIn.keys.serviceRoleKey, { auth });
  const updated = await service.from('profiles').update({ credits }).eq('id', userId);
  if (updated.error) throw new Error(`the balance could not be set: ${updated.error.message}`);
  return { token: verified.data.session.access_token, userId };
}
