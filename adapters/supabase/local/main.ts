import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { KEYS_FILE_NAME } from './keys.js';
import { startLocalSupabase } from './server.js';

/** `npm run supabase:local`: the stand-in alone, printing what a client needs to reach it. */
const port = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new InvalidArgumentError('expected a port number (0-65535)');
  return parsed;
};
const postgresUrl = (value: string) => {
  if (!/^postgres(ql)?:\/\//.test(value)) throw new InvalidArgumentError('expected a postgres:// URL');
  return value;
};
const seconds = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('expected a whole number of seconds');
  return parsed;
};

const program = new Command('supabase:local')
  .description('Local stand-in for Supabase (Auth + REST on PGlite) and its mailbox')
  .option('--port <port>', 'API port (/auth/v1, /rest/v1)', port, 54321)
  .option('--mailbox-port <port>', 'mailbox UI port', port, 54324)
  .option('--data <dir>', 'data folder (postgres/, keys, mailbox)', '.data')
  .option('--host <host>', 'interface to listen on', '127.0.0.1')
  .option('--site-url <url>', 'the app address redirects default to', process.env.SITE_URL ?? 'http://127.0.0.1:3000')
  .option('--redirect-url <url...>', 'further app addresses redirects may go to (same origin)', ['http://localhost:3000'])
  .option('--smtp-url <url>', 'also deliver e-mails to this SMTP server (smtp://host:1025)', process.env.SMTP_URL)
  .option('--smtp-from <address>', 'sender of delivered e-mails', process.env.SMTP_FROM ?? 'Ensemble (local) <no-reply@localhost>')
  .option('--email-interval <seconds>', 'minimum time between two e-mails to one address (0: off)', seconds, 60)
  .option('--refresh-reuse-interval <seconds>', 'grace for a used refresh token whose child is still active (0: off)', seconds, 10)
  .option('--postgres-url <url>', 'keep the database on this PostgreSQL server (connect as a superuser) instead of PGlite', postgresUrl)
  .parse();

const options = program.opts<{ port: number; mailboxPort: number; data: string; host: string; siteUrl: string; redirectUrl: string[]; emailInterval: number; refreshReuseInterval: number; smtpUrl?: string; smtpFrom: string; postgresUrl?: string }>();
const dataDir = resolve(options.data);
const started = Date.now();
const supabase = await startLocalSupabase({
  dataDir,
  port: options.port,
  mailboxPort: options.mailboxPort,
  host: options.host,
  siteUrl: options.siteUrl,
  additionalRedirectUrls: options.redirectUrl,
  emailMinIntervalSeconds: options.emailInterval,
  refreshTokenReuseIntervalSeconds: options.refreshReuseInterval,
  ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
  ...(options.smtpUrl ? { smtp: { url: options.smtpUrl, from: options.smtpFrom } } : {}),
  onEmailSent: (email) => console.log(`[mailbox] ${email.sentAt} to ${email.to}: code ${email.code}, link in the mailbox`),
});

console.log(`Local Supabase stand-in ready in ${Date.now() - started} ms

  API URL        ${supabase.url}   (auth: /auth/v1, rest: /rest/v1)
  Mailbox        ${supabase.mailboxUrl}
  SMTP delivery  ${options.smtpUrl ? options.smtpUrl.replace(/\/\/[^@/]*@/, '//***@') : 'off (set SMTP_URL to enable)'}
  Site URL       ${options.siteUrl} (also allowed: ${options.redirectUrl.join(', ')})
  anon key       ${supabase.anonKey}
  service_role   ${supabase.serviceRoleKey}
  Keys file      ${resolve(dataDir, KEYS_FILE_NAME)} (generated on first start; keep it private)
  Database       ${options.postgresUrl ? options.postgresUrl.replace(/\/\/[^@/]*@/, '//***@') : resolve(dataDir, 'postgres')}

Set SUPABASE_URL=${supabase.url} and SUPABASE_ANON_KEY to the anon key to point the app here.
Press Ctrl+C to stop.`);

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  console.log(`\n${signal}: stopping the stand-in...`);
  await supabase.stop();
  process.exit(0);
};
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
