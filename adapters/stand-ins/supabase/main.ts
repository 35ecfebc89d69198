import { resolve } from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { authProtectionFromEnv, SMTP_EMAILS_SENT_PER_HOUR } from './auth/auth-limits.js';
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
const count = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new InvalidArgumentError('expected a whole number (0 turns it off)');
  return parsed;
};
const windowSeconds = (value: string) => {
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1) throw new InvalidArgumentError('expected a whole number of seconds from 1 up');
  return parsed;
};

// The AUTH_RATE_LIMIT_* and AUTH_OTP_MAX_ATTEMPTS variables are the flags' defaults, as `npm start` reads them.
const fromEnv = authProtectionFromEnv(process.env);
if (!fromEnv.success) {
  console.error(`supabase:local: ${fromEnv.error}`);
  process.exit(1);
}
const limits = fromEnv.data.rateLimits;

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
  .option('--rate-limit-sign-ins <count>', 'sign-ins and sign-ups (/otp, Google stand-in) per client address per window (0: off)', count, limits.signInsAndSignUps)
  .option('--rate-limit-verifications <count>', 'code and link verifications (/verify) per client address per window (0: off)', count, limits.tokenVerifications)
  .option('--rate-limit-refreshes <count>', 'token requests (/token: refresh, PKCE) per client address per window (0: off)', count, limits.tokenRefreshes)
  .option('--rate-limit-window <seconds>', 'the window those limits count in', windowSeconds, limits.windowSeconds)
  .option('--rate-limit-emails <count>', `e-mails the whole project may send per hour (0: off; default off, ${SMTP_EMAILS_SENT_PER_HOUR} with --smtp-url, as Supabase)`, count)
  .option('--otp-max-attempts <count>', 'wrong codes an e-mailed code survives before it is deleted (0: off)', count, fromEnv.data.otpMaxAttempts)
  .option('--postgres-url <url>', 'keep the database on this PostgreSQL server (connect as a superuser) instead of PGlite', postgresUrl)
  .parse();

const options = program.opts<{ port: number; mailboxPort: number; data: string; host: string; siteUrl: string; redirectUrl: string[]; emailInterval: number; refreshReuseInterval: number; rateLimitSignIns: number; rateLimitVerifications: number; rateLimitRefreshes: number; rateLimitWindow: number; rateLimitEmails?: number; otpMaxAttempts: number; smtpUrl?: string; smtpFrom: string; postgresUrl?: string }>();
const limitText = (n: number) => (n === 0 ? 'off' : String(n));
// Hosted Supabase and the CLI count the project's e-mails only when they go out by SMTP.
const emailsPerHour = options.rateLimitEmails
  ?? (process.env['AUTH_RATE_LIMIT_EMAIL_SENT'] ? limits.emailsSentPerHour : options.smtpUrl ? SMTP_EMAILS_SENT_PER_HOUR : 0);
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
  authRateLimits: {
    signInsAndSignUps: options.rateLimitSignIns,
    tokenVerifications: options.rateLimitVerifications,
    tokenRefreshes: options.rateLimitRefreshes,
    windowSeconds: options.rateLimitWindow,
    emailsSentPerHour: emailsPerHour,
  },
  otpMaxAttempts: options.otpMaxAttempts,
  ...(options.postgresUrl ? { postgresUrl: options.postgresUrl } : {}),
  ...(options.smtpUrl ? { smtp: { url: options.smtpUrl, from: options.smtpFrom } } : {}),
  onEmailSent: (email) => console.log(`[mailbox] ${email.sentAt} to ${email.to}: code ${email.code}, link in the mailbox`),
});

console.log(`Local Supabase stand-in ready in ${Date.now() - started} ms

  API URL        ${supabase.url}   (auth: /auth/v1, rest: /rest/v1)
  Mailbox        ${supabase.mailboxUrl}
  SMTP delivery  ${options.smtpUrl ? options.smtpUrl.replace(/\/\/[^@/]*@/, '//***@') : 'off (set SMTP_URL to enable)'}
  Site URL       ${options.siteUrl} (also allowed: ${options.redirectUrl.join(', ')})
  Auth limits    per client address per ${options.rateLimitWindow} s: sign-ins ${limitText(options.rateLimitSignIns)}, verifications ${limitText(options.rateLimitVerifications)}, token requests ${limitText(options.rateLimitRefreshes)}; e-mails per hour for the project ${limitText(emailsPerHour)}; a code dies after ${limitText(options.otpMaxAttempts)} wrong tries
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
