import { randomInt, randomUUID } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Secret prefixes the provider uses. */
export const SECRET_PREFIX = {
  checkout: 'polar_c_',
  checkoutLink: 'polar_cl_',
  customerSession: 'polar_cst_',
  organizationAccessToken: 'polar_oat_',
  webhookSecret: 'whsec_',
} as const;

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE) of the UTF-8 bytes; Node 20 has no zlib.crc32 before 20.15. */
export function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** Base62 of the checksum, left-padded to 6 characters (the widest a 32-bit value needs). */
export function base62Checksum(value: number): string {
  let out = '';
  let rest = value;
  do {
    out = BASE62[rest % 62] + out;
    rest = Math.floor(rest / 62);
  } while (rest > 0);
  return out.padStart(6, '0');
}

export const newId = (): string => randomUUID();

/** prefix + 37 random alphanumerics + base62 CRC32 of those 37 characters (the provider's kit/crypto.py). */
export function newSecret(prefix: string): string {
  let token = '';
  for (let i = 0; i < 37; i += 1) token += ALPHANUMERIC[randomInt(ALPHANUMERIC.length)];
  return `${prefix}${token}${base62Checksum(crc32(token))}`;
}

/** True when the string has the shape `newSecret(prefix)` produces, checksum included. */
export function isWellFormedSecret(value: string, prefix: string): boolean {
  if (!value.startsWith(prefix)) return false;
  const body = value.slice(prefix.length);
  if (body.length !== 43 || !/^[A-Za-z0-9]+$/.test(body)) return false;
  return base62Checksum(crc32(body.slice(0, 37))) === body.slice(37);
}

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
