import { isIPv4, isIPv6 } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/** Requests that reach the app without a socket (in-process `app.request`) share one key. */
const NO_SOCKET = 'unknown';
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
const DOTTED_TAIL = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = DOTTED_TAIL.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const groups = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const [head, tail] = text.split('::');
  const left = groups(head);
  const right = groups(tail);
  return [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/**
 * What the limits count by: the IPv4 address, or the /64 of an IPv6 one, since one IPv6 client is
 * usually handed a whole /64 and could otherwise take a fresh address for every request.
 */
export function addressKey(address: string | undefined): string {
  if (!address) return NO_SOCKET;
  const mapped = MAPPED_IPV4.exec(address)?.[1];
  if (mapped !== undefined) return mapped;
  if (isIPv4(address)) return address;
  const bare = address.split('%')[0] ?? address;
  if (!isIPv6(bare)) return address;
  const prefix = ipv6Groups(bare)
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':');
  return `${prefix}::/64`;
}

/**
 * The socket's remote address, never a header: X-Forwarded-For is whatever the client writes, so an
 * attacker rotating it would get a fresh limit per request (the stand-in has no proxy in front).
 */
export function clientAddressKey(c: Context): string {
  const bindings = c.env as Partial<HttpBindings> | undefined;
  if (bindings?.incoming === undefined) return NO_SOCKET;
  return addressKey(getConnInfo(c).remote.address);
}
