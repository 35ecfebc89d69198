import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// The stand-ins' own loopback HTTP plumbing (this package imports nothing of the product).

/**
 * A loopback HTTP server on a free port; `received` counts requests as they arrive.
 * `keepAliveTimeoutMs` (Node's default: 5 s) keeps idle connections longer: a test that builds and
 * sends bodies of many megabytes can keep the process busy past 5 s, and a connection the server
 * times out just as the client reuses it reads as ECONNRESET.
 */
export async function localServer(handler: (req: IncomingMessage, res: ServerResponse) => void, options: { keepAliveTimeoutMs?: number } = {}) {
  const state = { received: 0 };
  const server: Server = createServer((req, res) => {
    state.received += 1;
    handler(req, res);
  });
  if (options.keepAliveTimeoutMs !== undefined) server.keepAliveTimeout = options.keepAliveTimeoutMs;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A request's JSON object body (as readJsonObject) and how many bytes it had on the wire. */
export async function readJsonBody(req: IncomingMessage): Promise<{ body: Record<string, unknown> | null; bytes: number }> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = raw.toString('utf8');
  if (text === '') return { body: {}, bytes: 0 };
  try {
    const value: unknown = JSON.parse(text);
    return { body: typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null, bytes: raw.byteLength };
  } catch {
    return { body: null, bytes: raw.byteLength };
  }
}

/** Remembers responses left open on purpose; `latest()` resolves once the last one's client has gone. */
export function hangWatcher() {
  const hangs: Promise<void>[] = [];
  return {
    watch: (res: ServerResponse) => void hangs.push(new Promise<void>((resolve) => res.on('close', () => resolve()))),
    latest: () => hangs.at(-1) ?? Promise.reject(new Error('no hang request was received')),
  };
}
