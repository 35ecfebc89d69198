import { describe, expect, it } from 'vitest';
import { DEFAULT_AUTH_RATE_LIMITS, authProtectionFromEnv, withDefaultRateLimits } from '../auth/auth-limits.js';
import { addressKey } from '../auth/client-address.js';
import { SlidingWindowLimiter } from '../auth/request-rate-limit.js';

function manualClock(start = 1_000_000) {
  let at = start;
  return { now: () => at, advance: (ms: number) => (at += ms) };
}

describe('Auth stand-in: the per-address sliding window', () => {
  it('admits `limit` requests of a key in a window and refuses the next, saying when the oldest leaves', () => {
    const clock = manualClock();
    const limiter = new SlidingWindowLimiter(3, 60_000, clock.now);
    expect(limiter.take('a').success).toBe(true);
    clock.advance(10_000);
    expect(limiter.take('a').success).toBe(true);
    expect(limiter.take('a').success).toBe(true);
    expect(limiter.take('a')).toEqual({ success: false, error: { retryAfterMs: 50_000 } });
    // Other keys count on their own.
    expect(limiter.take('b').success).toBe(true);
  });

  it('slides: a request is let in as soon as the oldest counted one is a window old, not at a fixed boundary', () => {
    const clock = manualClock();
    const limiter = new SlidingWindowLimiter(2, 60_000, clock.now);
    limiter.take('a');
    clock.advance(30_000);
    limiter.take('a');
    clock.advance(29_999);
    expect(limiter.take('a').success).toBe(false);
    clock.advance(1);
    expect(limiter.take('a').success).toBe(true);
    // The request admitted at 30 s is still in the window: one more is refused.
    expect(limiter.take('a').success).toBe(false);
  });

  it('does not count refused requests: a client that keeps knocking gets in one window after its oldest admitted request', () => {
    const clock = manualClock();
    const limiter = new SlidingWindowLimiter(1, 60_000, clock.now);
    limiter.take('a');
    for (let i = 0; i < 59; i += 1) {
      clock.advance(1_000);
      expect(limiter.take('a').success).toBe(false);
    }
    clock.advance(1_000);
    expect(limiter.take('a').success).toBe(true);
  });

  it('never lets more than the limit through in any window, whatever the spacing', () => {
    const clock = manualClock();
    const limiter = new SlidingWindowLimiter(5, 10_000, clock.now);
    const admitted: number[] = [];
    for (let i = 0; i < 500; i += 1) {
      clock.advance((i * 7919) % 1_300);
      if (limiter.take('a').success) admitted.push(clock.now());
    }
    for (const start of admitted) expect(admitted.filter((t) => t >= start && t < start + 10_000).length).toBeLessThanOrEqual(5);
    expect(admitted.length).toBeGreaterThan(5);
  });
});

describe('Auth stand-in: the client address a limit counts by', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['::ffff:203.0.113.9', '203.0.113.9'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:DB8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
    [undefined, 'unknown'],
  ])('%s counts as %s', (address, key) => {
    expect(addressKey(address)).toBe(key);
  });

  it('every address of one IPv6 /64 shares a count, the next /64 has its own', () => {
    expect(addressKey('2001:db8:1:2::1')).toBe(addressKey('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
  });
});

describe('Auth stand-in: limits from the environment (npm start, npm run supabase:local)', () => {
  it('is Supabase’s per-IP defaults and five wrong codes when nothing is set', () => {
    expect(authProtectionFromEnv({})).toEqual({
      success: true,
      data: { rateLimits: { signInsAndSignUps: 30, tokenVerifications: 30, tokenRefreshes: 150, windowSeconds: 300, emailsSentPerHour: 0 }, otpMaxAttempts: 5 },
    });
  });

  it('reads each variable, 0 turning a limit off', () => {
    const read = authProtectionFromEnv({
      AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS: '0',
      AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS: '12',
      AUTH_RATE_LIMIT_TOKEN_REFRESH: ' 400 ',
      AUTH_RATE_LIMIT_WINDOW_SECONDS: '60',
      AUTH_OTP_MAX_ATTEMPTS: '3',
      AUTH_RATE_LIMIT_EMAIL_SENT: '2',
    });
    expect(read).toEqual({
      success: true,
      data: { rateLimits: { signInsAndSignUps: 0, tokenVerifications: 12, tokenRefreshes: 400, windowSeconds: 60, emailsSentPerHour: 2 }, otpMaxAttempts: 3 },
    });
  });

  it.each([
    ['AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS', '-1'],
    ['AUTH_RATE_LIMIT_TOKEN_REFRESH', '1.5'],
    ['AUTH_RATE_LIMIT_TOKEN_VERIFICATIONS', 'many'],
    ['AUTH_RATE_LIMIT_EMAIL_SENT', '2 per hour'],
    ['AUTH_RATE_LIMIT_WINDOW_SECONDS', '0'],
    ['AUTH_OTP_MAX_ATTEMPTS', '5x'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    const read = authProtectionFromEnv({ [name]: value });
    expect(read.success).toBe(false);
    expect(read.success ? '' : read.error).toContain(name);
  });

  it('fills what a caller leaves out (or undefined) with the defaults', () => {
    expect(withDefaultRateLimits({ tokenRefreshes: 0, tokenVerifications: undefined })).toEqual({ ...DEFAULT_AUTH_RATE_LIMITS, tokenRefreshes: 0 });
  });
});
