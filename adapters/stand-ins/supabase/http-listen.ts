import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpBindings } from '@hono/node-server';
import { getRequestListener } from '@hono/node-server';

export interface Listening {
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Listens on `port` (0 picks a free one) and rejects when it is taken, instead of crashing later.
 * `fetch` gets the node request beside the web one: Auth's rate limits count by its socket's address.
 */
export function listen(
  fetch: (request: Request, env: HttpBindings) => Response | Promise<Response>,
  port: number,
  host: string,
): Promise<Listening> {
  const server = createServer(getRequestListener((request, env) => fetch(request, env as HttpBindings)));
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${port} on ${host} is already in use`, { cause: error }) : error);
    });
    server.listen(port, host, () => {
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            // Keep-alive sockets (supabase-js, browsers) would otherwise hold close() open.
            server.closeAllConnections();
          }),
      });
    });
  });
}
