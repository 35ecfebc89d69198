import { describe, expect, it } from 'vitest';
import { parseServerConfig, SUPABASE_URL_MESSAGE } from '../../../web/server/config.js';

const message = (env: Record<string, string>) => {
  const parsed = parseServerConfig(env);
  return parsed.success ? 'ok' : parsed.error.message;
};

describe('server configuration (app spec §5)', () => {
  it('defaults: port 3000, 1000 credits a period, nothing configured', () => {
    const parsed = parseServerConfig({});
    expect(parsed.success && parsed.data).toMatchObject({ port: 3000, creditsPerPeriod: 1000, supabase: null, billing: null, mode: 'development' });
  });

  it.each(['not a url', 'https://example.com', 'http://abc.supabase.co', 'https://abc.supabase.co/rest/v1', 'ftp://localhost'])(
    'app spec §5: SUPABASE_URL %s fails start-up with the project-address message',
    (url) => {
      expect(message({ SUPABASE_URL: url, SUPABASE_ANON_KEY: 'k' })).toContain(SUPABASE_URL_MESSAGE);
      expect(SUPABASE_URL_MESSAGE).toMatch(/must follow the form of a project address on the provider's host/);
    },
  );

  it.each(['https://abcdefgh.supabase.co', 'http://localhost:54321', 'http://127.0.0.1:54321/'])('accepts %s', (url) => {
    expect(message({ SUPABASE_URL: url, SUPABASE_ANON_KEY: 'k' })).toBe('ok');
  });

  it('LOG_LEVEL: info by default, any case accepted, anything else named with the allowed values', () => {
    const level = (value?: string) => {
      const parsed = parseServerConfig(value === undefined ? {} : { LOG_LEVEL: value });
      return parsed.success ? parsed.data.logLevel : parsed.error.message;
    };
    expect(level()).toBe('info');
    expect(level('  ')).toBe('info');
    expect(level('WARN')).toBe('warn');
    expect(level('debug')).toBe('debug');
    expect(level('verbose')).toMatch(/LOG_LEVEL must be one of debug, info, warn, error/);
  });

  it('names every bad variable at once', () => {
    const text = message({ PORT: 'eighty', CREDITS_PER_PERIOD: '-5', TAG_MANAGER_ID: 'UA-1' });
    expect(text).toMatch(/PORT must be a whole number/);
    expect(text).toMatch(/CREDITS_PER_PERIOD must be at least 1/);
    expect(text).toMatch(/TAG_MANAGER_ID must look like GTM-/);
  });

  it('production requires real secrets and refuses placeholders', () => {
    const text = message({ NODE_ENV: 'production', SUPABASE_URL: 'https://abc.supabase.co', SUPABASE_ANON_KEY: 'anon', SUPABASE_SERVICE_ROLE_KEY: 'changeme' });
    expect(text).toMatch(/SUPABASE_SERVICE_ROLE_KEY looks like a placeholder/);
    expect(text).toMatch(/BILLING_ACCESS_TOKEN is required when NODE_ENV=production/);
    expect(text).toMatch(/BILLING_WEBHOOK_SECRET is required when NODE_ENV=production/);
  });

  it('a billing token without a product is refused (the plan must be named)', () => {
    expect(message({ BILLING_ACCESS_TOKEN: 'polar_oat_x' })).toMatch(/BILLING_PRODUCT_ID is required/);
  });

  it('limits and timeouts: defaults, and a headers timeout never longer than the request timeout', () => {
    const parsed = parseServerConfig({});
    expect(parsed.success && parsed.data).toMatchObject({
      timeouts: { headersMs: 10_000, requestMs: 30_000, uploadIdleMs: 10_000, uploadMs: 600_000 },
      billingCalls: { timeoutMs: 5_000, breakerFailures: 3, breakerCooldownMs: 30_000 },
      sessionCheckMs: 5_000,
      readRateLimit: { perMinute: 600, burst: 120 },
      trustProxy: false,
      instance: { name: null, heartbeatMs: 5_000 },
      faults: { webhookCrash: null },
    });
    const short = parseServerConfig({ REQUEST_TIMEOUT_MS: '2000', HEADERS_TIMEOUT_MS: '5000', UPLOAD_IDLE_TIMEOUT_MS: '3000', UPLOAD_TIMEOUT_MS: '120000', TRUST_PROXY: 'true' });
    expect(short.success && short.data).toMatchObject({ timeouts: { headersMs: 2000, requestMs: 2000, uploadIdleMs: 3000, uploadMs: 120_000 }, trustProxy: true });
    expect(message({ UPLOAD_IDLE_TIMEOUT_MS: '10', UPLOAD_TIMEOUT_MS: 'soon' })).toMatch(/UPLOAD_IDLE_TIMEOUT_MS must be at least 100.*UPLOAD_TIMEOUT_MS must be a whole number/);
    expect(message({ BILLING_TIMEOUT_MS: '10', FAULT_WEBHOOK_CRASH: 'sometimes' })).toMatch(/BILLING_TIMEOUT_MS must be at least 100.*FAULT_WEBHOOK_CRASH must be one of before-apply, during-apply, after-apply/);
  });

  it('graceful stop and shared state: defaults, and bad values named', () => {
    const parsed = parseServerConfig({});
    expect(parsed.success && parsed.data).toMatchObject({ shutdownGraceMs: 10_000, shutdownDrainMs: 0, chatRuns: { flushMs: 25 }, redisUrl: null });
    const set = parseServerConfig({ SHUTDOWN_DRAIN_MS: '15000', SHUTDOWN_GRACE_MS: '0' });
    expect(set.success && set.data).toMatchObject({ shutdownGraceMs: 0, shutdownDrainMs: 15_000 });
    const text = message({ SHUTDOWN_DRAIN_MS: '-1', SHUTDOWN_GRACE_MS: 'soon', REDIS_URL: 'http://cache:6379' });
    expect(text).toMatch(/SHUTDOWN_DRAIN_MS must be at least 0/);
    expect(text).toMatch(/SHUTDOWN_GRACE_MS must be a whole number/);
    expect(text).toMatch(/REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/);
  });

  it('production refuses the fault-test seam and sessions that are never checked', () => {
    const text = message({ NODE_ENV: 'production', FAULT_WEBHOOK_CRASH: 'after-apply', AUTH_SESSION_CHECK_MS: '0' });
    expect(text).toMatch(/FAULT_WEBHOOK_CRASH \(a fault-test seam\) is refused when NODE_ENV=production/);
    expect(text).toMatch(/AUTH_SESSION_CHECK_MS=0 \(sessions never checked\) is refused when NODE_ENV=production/);
  });
});
