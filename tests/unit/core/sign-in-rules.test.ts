import { describe, expect, it } from 'vitest';
import { signInMethodOf, authCallbackUrl, emailCodeSchema, emailSchema, parseStoredConsent, serializeConsent } from '../../../core/auth/index.js';

describe('sign-in rules (app §2, §3, §5)', () => {
  it('app §2: the callback is the origin + /auth/callback', () => {
    expect(authCallbackUrl('http://localhost:3000')).toBe('http://localhost:3000/auth/callback');
    expect(authCallbackUrl('https://ensemble.example//')).toBe('https://ensemble.example/auth/callback');
  });

  it('app §5: addresses are trimmed and anything else fails with "Invalid email"', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
    for (const bad of ['ada', 'ada@', '@example.com', 'a b@example.com', null]) {
      expect(emailSchema.safeParse(bad).error?.issues[0]?.message).toBe('Invalid email');
    }
  });

  it('GoTrue codes are 6 to 10 digits', () => {
    expect(emailCodeSchema.parse(' 123456 ')).toBe('123456');
    for (const bad of ['12345', '12345678901', '12a456', '']) expect(emailCodeSchema.safeParse(bad).success).toBe(false);
  });

  it('app §7: the sign-in method has one vocabulary: the reported one, else Google by provider, else the magic link', () => {
    expect(signInMethodOf('email_code', 'email')).toBe('email_code');
    expect(signInMethodOf(undefined, 'google')).toBe('google');
    expect(signInMethodOf(undefined, 'email')).toBe('magic_link');
    expect(signInMethodOf(undefined, undefined)).toBe('magic_link');
  });

  it("app §3: temp_marketing_consent holds 'true' or 'false'", () => {
    expect(parseStoredConsent('true')).toBe(true);
    expect(parseStoredConsent('false')).toBe(false);
    for (const other of ['TRUE', '1', '', null]) expect(parseStoredConsent(other)).toBe(null);
    expect(serializeConsent(true)).toBe('true');
    expect(serializeConsent(false)).toBe('false');
  });
});
