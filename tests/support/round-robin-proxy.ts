import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  readonly url: string;
  /** The servers behind it, in turn (set once they listen). */
  backends: string[];
  /** How many requests each backend got. */
  readonly served: number[];
  close(): Promise<void>;
}

/**
 * A load balancer as small as it gets: each request goes to the next backend in turn, streamed
 * both ways (a chat's NDJSON passes line by line), with the client's address appended to
 * X-Forwarded-For. `X-Backend: <n>` pins a request to one backend (tests that need "another
 * instance"); every answer says which one served it in `X-Served-By`. A backend that is down
 * answers 502.
 */
export async function startRoundRobinProxy(): Promise<RoundRobinProxy> {
  let next = 0;
  const proxy: { backends: string[]; served: number[] } = { backends: [], served: [] };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const pinned = req.headers['x-backend'];
    const index = typeof pinned === 'string' ? Number(pinned) : next++ % proxy.backends.length;
    const target = proxy.backends[index];
    if (target === undefined) {
      res.writeHead(502).end();
      return;
    }
    proxy.served[index] = (proxy.served[index] ?? 0) + 1;
    const url = new URL(req.url ?? '/', target);
    const headers: Record<string, string | string[] | undefined> = { ...req.headers, host: url.host, 'x-forwarded-for': [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ') };
    delete headers['x-backend'];
    const upstream = httpRequest(url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
      res.flushHeaders();
      answer.pipe(res);
    });
    upstream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    // The client went away: so does the request upstream (the backend sees its reader leave).
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get backends() {
      return proxy.backends;
    },
    set backends(list: string[]) {
      proxy.backends = list;
      proxy.served = list.map(() => 0);
    },
    get served() {
      return proxy.served;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
