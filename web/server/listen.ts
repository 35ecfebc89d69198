import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';

export interface ListeningServer {
  readonly url: string;
  readonly port: number;
  readonly server: Server;
  /** Stops taking new connections; open ones (running answers) go on until `close`. */
  stopAccepting(): void;
  close(): Promise<void>;
}

export interface ListenOptions {
  readonly port: number;
  readonly host: string;
  /** Time a client has to send its request headers (default 10 s). */
  readonly headersTimeoutMs?: number;
  /** Time a client has to send its whole request, headers and body (default 30 s). */
  readonly requestTimeoutMs?: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Serves a fetch handler on Node; `close()` stops accepting, ends open streams and resolves when done.
 * A client that stalls while sending its headers or body gets 408 and loses its connection once the
 * timeout has passed: the timeouts bound receiving the request only, so a chat answer may stream (and
 * idle between tokens) for as long as it needs after that.
 */
export async function listen(fetch: (request: Request) => Response | Promise<Response>, options: ListenOptions): Promise<ListeningServer> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const server = createServer(
    {
      requestTimeout,
      headersTimeout,
      // Node looks for expired requests at this interval (30 s by default), which would let a stalled
      // body live up to 30 s past its timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    getRequestListener(fetch),
  );
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
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  let accepting = true;
  const stopAccepting = () => {
    if (!accepting) return;
    accepting = false;
    server.close();
  };
  return {
    url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
    port,
    server,
    stopAccepting,
    close: async () => {
      stopAccepting();
      server.closeIdleConnections();
      // Open chat streams get a moment to end on their own before their sockets are cut.
      const cut = setTimeout(() => server.closeAllConnections(), 2000);
      cut.unref();
      await closed;
      clearTimeout(cut);
    },
  };
}
