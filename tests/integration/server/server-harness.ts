import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { InMemoryBillingGateway } from '../../../adapters/in-memory/in-memory-billing-gateway.js';
import { InMemoryLogger } from '../../../adapters/in-memory/in-memory-logger.js';
import type { ModelCatalogueEntry } from '../../../adapters/models/model-catalogue.js';
import type { ModelGateway } from '../../../core/chat/index.js';
import type { RateLimiter } from '../../../core/shared/index.js';
import { sessionCheckedVerifier } from '../../../adapters/auth/session-check.js';
import { jwtSecretVerifier } from '../../../adapters/auth/token-verifier.js';
import { composeServer } from '../../../web/server/compose-server.js';
import { parseServerConfig } from '../../../web/server/config.js';
import { listen, type ListeningServer } from '../../../web/server/listen.js';
import { inMemoryServerPorts } from '../../../adapters/composition/server-data-ports.js';
import { createModelGateway } from '../../../adapters/models/create-model-gateway.js';
import { uploadTimeouts } from '../../../web/server/start-app-server.js';

export const WEBHOOK_SECRET = `whsec_${randomBytes(24).toString('base64')}`;

/**
 * The real app server on an ephemeral loopback port, with every data port in memory, the in-memory
 * billing provider and the real model gateway (offline model, no token delay). `signIn` makes a
 * user and a Supabase-style access token signed with the server's JWT secret.
 */
export async function startTestServer(
  options: {
    env?: Record<string, string>;
    billing?: InMemoryBillingGateway | null;
    modelGateway?: ModelGateway;
    catalogue?: readonly ModelCatalogueEntry[];
    /** Where the rate-limit buckets live (default: this server's own memory). */
    rateLimiter?: RateLimiter;
    /** Supabase Auth's answer on a token's session: tokens are then session-checked (every 5 s per token). */
    sessionState?: (token: string) => Promise<'active' | 'ended' | 'unreachable'>;
  } = {},
) {
  const jwtSecret = randomBytes(32).toString('hex');
  const env: Record<string, string> = {
    SUPABASE_URL: 'http://127.0.0.1:54321',
    SUPABASE_ANON_KEY: 'anon-key-for-tests',
    SUPABASE_JWT_SECRET: jwtSecret,
    BILLING_WEBHOOK_SECRET: WEBHOOK_SECRET,
    CLIENT_DIST: 'tests/integration/server/no-client-here',
    OFFLINE_MODEL_TOKEN_DELAY_MS: '0',
    RATE_LIMIT_BURST: '1000',
    RATE_LIMIT_PER_MINUTE: '60000',
    RATE_LIMIT_READS_BURST: '10000',
    RATE_LIMIT_READS_PER_MINUTE: '600000',
    // Tokens here are signed by the harness, with no Supabase Auth session behind them.
    AUTH_SESSION_CHECK_MS: '0',
    ...options.env,
  };
  const config = parseServerConfig(env);
  if (!config.success) throw new Error(config.error.message);
  const memory = inMemoryServerPorts(options.catalogue ? { catalogue: options.catalogue } : {});
  const data = options.rateLimiter ? { ...memory, rateLimiter: options.rateLimiter } : memory;
  const billing = options.billing === undefined ? new InMemoryBillingGateway() : options.billing;
  const logger = new InMemoryLogger();
  const verifyToken = options.sessionState ? sessionCheckedVerifier(jwtSecretVerifier(jwtSecret), options.sessionState, { cacheMs: 5_000 }) : undefined;
  // The model gateway the server builds from env (the offline model, no token delay), unless a test scripts one.
  const gateway = options.modelGateway ? { success: true as const, data: options.modelGateway } : createModelGateway({ env, catalogue: data.catalogue, logger });
  if (!gateway.success) throw new Error(gateway.error.message);
  const composed = composeServer({ config: config.data, logger, data, billing, modelGateway: gateway.data, ...(verifyToken ? { verifyToken } : {}) });
  if (!composed.success) throw new Error(composed.error.message);
  const server: ListeningServer = await listen(composed.data.app.fetch, {
    port: 0,
    host: '127.0.0.1',
    headersTimeoutMs: config.data.timeouts.headersMs,
    requestTimeoutMs: config.data.timeouts.requestMs,
    uploads: uploadTimeouts(config.data),
  });
  const key = new TextEncoder().encode(jwtSecret);

  const tokenFor = (userId: string, email: string | null, options: { expiresIn?: string | number; secret?: Uint8Array; role?: string } = {}) =>
    new SignJWT({ role: options.role ?? 'authenticated', email, user_metadata: {}, app_metadata: { provider: 'email' } })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setSubject(userId)
      .setIssuedAt()
      .setExpirationTime(options.expiresIn ?? '1h')
      .sign(options.secret ?? key);

  let users = 0;
  const harness = {
    url: server.url,
    config: config.data,
    env,
    data,
    db: data.db,
    billing,
    logger,
    composed: composed.data,
    tokenFor,
    async signIn(credits = 0) {
      users += 1;
      const email = `user${users}-${randomBytes(3).toString('hex')}@example.com`;
      const user = data.db.createUser({ email, provider: 'email' });
      if (credits > 0) await data.usageLedger.grantCredits({ userId: user.id, amount: credits, kind: 'manual_grant', reason: 'test funds', reference: null });
      const token = await tokenFor(user.id, email);
      return { userId: user.id, email, token, auth: { authorization: `Bearer ${token}` } };
    },
    balance: (userId: string) => data.db.profiles.get(userId)?.credits ?? 0,
    api: (path: string, init: RequestInit & { token?: string; json?: unknown } = {}) => {
      const headers = new Headers(init.headers);
      if (init.token) headers.set('authorization', `Bearer ${init.token}`);
      if (init.json !== undefined) headers.set('content-type', 'application/json');
      return fetch(`${server.url}${path}`, { ...init, headers, ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}) });
    },
    close: () => server.close(),
  };
  return harness;
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Reads an NDJSON chat stream to its end, line by line as it arrives. */
export async function readNdjson(response: Response): Promise<Record<string, unknown>[]> {
  return (await readNdjsonUntil(response, () => false)).rest();
}

/**
 * Reads an NDJSON chat stream until a line matches (or the stream ends): the lines so far, and
 * `rest()`, which reads on to the end and answers every line.
 */
export async function readNdjsonUntil(response: Response, match: (line: Record<string, unknown>) => boolean) {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const lines: Record<string, unknown>[] = [];
  let buffered = '';
  let ended = false;
  const more = async () => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffered += value;
    let newline: number;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim() !== '') lines.push(JSON.parse(line) as Record<string, unknown>);
    }
  };
  while (!ended && !lines.some(match)) await more();
  return {
    lines,
    rest: async () => {
      while (!ended) await more();
      return lines;
    },
  };
}
