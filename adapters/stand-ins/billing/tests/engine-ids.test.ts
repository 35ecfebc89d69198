import { describe, expect, it } from 'vitest';
import { SandboxClock } from '../engine/clock.js';
import { base62Checksum, crc32, isUuid, isWellFormedSecret, newId, newSecret, SECRET_PREFIX } from '../engine/ids.js';
import { signWebhook } from '../engine/webhook-signing.js';
import { Webhook } from 'standardwebhooks';

describe('sandbox ids, secrets and clock (reference §2)', () => {
  it('makes UUID4 ids', () => {
    const id = newId();
    expect(isUuid(id)).toBe(true);
    expect(id[14]).toBe('4');
  });

  it('makes secrets as prefix + 37 alphanumerics + base62 CRC32 of them', () => {
    for (const prefix of Object.values(SECRET_PREFIX)) {
      const secret = newSecret(prefix);
      expect(secret.startsWith(prefix)).toBe(true);
      const body = secret.slice(prefix.length);
      expect(body).toMatch(/^[A-Za-z0-9]{43}$/);
      expect(body.slice(37)).toBe(base62Checksum(crc32(body.slice(0, 37))));
      expect(isWellFormedSecret(secret, prefix)).toBe(true);
    }
    expect(crc32('123456789')).toBe(0xcbf43926); // the standard CRC-32 check value
    const tampered = newSecret('polar_oat_').replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(isWellFormedSecret(tampered, 'polar_oat_')).toBe(false);
  });

  it('signs webhooks with the raw UTF-8 bytes of the whole secret, verifiable by standardwebhooks', () => {
    const secret = newSecret(SECRET_PREFIX.webhookSecret);
    const ts = Math.floor(Date.now() / 1000);
    const body = '{"type":"customer.created","timestamp":"2026-01-01T00:00:00Z","data":{}}';
    const headers = { 'webhook-id': 'evt', 'webhook-timestamp': String(ts), 'webhook-signature': signWebhook(secret, 'evt', ts, body) };
    expect(() => new Webhook(Buffer.from(secret, 'utf8').toString('base64')).verify(body, headers)).not.toThrow();
  });

  it('adds a forward-only, observable offset to real time', () => {
    let real = 1_000;
    const clock = new SandboxClock(0, () => real);
    const seen: number[] = [];
    clock.onAdvance((now) => seen.push(now.getTime()));
    clock.advance(500);
    real = 2_000;
    expect(clock.now().getTime()).toBe(2_500);
    expect(clock.iso()).toMatch(/Z$/);
    expect(seen).toEqual([1_500]);
    expect(() => clock.advance(-1)).toThrow(RangeError);
  });
});
