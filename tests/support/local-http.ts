import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback HTTP server for transport tests and benchmarks; `received` counts requests as they arrive.
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

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<string> {
  const s = await localServer(() => undefined);
  await s.close();
  return s.url;
}
