import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A loopback HTTP server for transport tests and benchmarks; `received` counts requests as they arrive. */
export async function localServer(handler: (req: IncomingMessage, res: ServerResponse) => void) {
  const state = { received: 0 };
  const server: Server = createServer((req, res) => {
    state.received += 1;
    handler(req, res);
  });
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

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<string> {
  const s = await localServer(() => undefined);
  await s.close();
  return s.url;
}

/** A request's JSON object body: {} when empty, null when it is not a JSON object. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
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
