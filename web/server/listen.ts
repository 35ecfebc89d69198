import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface ListeningServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  close(): Promise<void>;
}

/** Serves a fetch handler on Node; `close()` stops accepting, ends open streams and resolves when done. */
export async function listen(fetch: (request: Request) => Response | Promise<Response>, options: { port: number; host: string }): Promise<ListeningServer> {
  const server = createServer(getRequestListener(fetch));
  // Streams may idle between tokens; the default 5 s keep-alive is for the idle socket after them.
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${options.port} on ${options.host} is already in use (set PORT to another one)`, { cause: error }) : error);
    server.once('error', onError);
    server.listen(options.port, options.host, () => {
      server.off('error', onError);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
    port,
    server,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        // Open chat streams get a moment to end on their own before their sockets are cut.
        setTimeout(() => server.closeAllConnections(), 2000).unref();
      }),
  };
}
