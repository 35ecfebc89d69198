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
