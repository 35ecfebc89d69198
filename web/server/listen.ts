import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
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
  /** Time a client has to send its whole request, headers and body (default 30 s); uploads excepted. */
  readonly requestTimeoutMs?: number;
  /** Uploads: requests whose body may be large, cut only when they stall (default: none). */
  readonly uploads?: UploadTimeouts;
}

export interface UploadTimeouts {
  /** Whether a request is an upload, by its method and path (without the query). */
  readonly matches: (method: string, path: string) => boolean;
  /** An upload whose client sends nothing for this long gets 408 and loses its connection. */
  readonly idleMs: number;
  /** However steadily it goes, an upload's whole request takes at most this long. */
  readonly maxMs: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** What Node answers a request that timed out, written before the connection is closed. */
const TIMED_OUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Length: 0\r\n\r\n';

/**
 * Serves a fetch handler on Node; `close()` stops accepting, ends open streams and resolves when done.
 * A client that stalls while sending its headers or body gets 408 and loses its connection once the
 * timeout has passed: the timeouts bound receiving the request only, so a chat answer may stream (and
 * idle between tokens) for as long as it needs after that. An upload (`uploads`) is not held to the
 * request timeout: a slow but steady one goes on (up to `uploads.maxMs`), one that sends nothing for
 * `uploads.idleMs` is cut.
 */
export async function listen(fetch: (request: Request) => Response | Promise<Response>, options: ListenOptions): Promise<ListeningServer> {
  const requestTimeout = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const headersTimeout = Math.min(options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS, requestTimeout);
  const uploads = options.uploads ?? null;
  // Node's own request timeout is one for the whole server: with uploads it is theirs (the longest),
  // and every other request is held to the shorter one here (`watchBody`).
  const nodeRequestTimeout = uploads ? Math.max(requestTimeout, uploads.maxMs) : requestTimeout;
  const server = createServer(
    {
      requestTimeout: nodeRequestTimeout,
      headersTimeout,
      // Node looks for expired requests at this interval (30 s by default), which would let a stalled
      // body live up to 30 s past its timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, Math.floor(headersTimeout / 4))),
    },
    getRequestListener(fetch),
  );
  if (uploads) {
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      // A request without a body has nothing left to receive.
      const length = req.headers['content-length'];
      if (req.headers['transfer-encoding'] === undefined && (length === undefined || length === '0')) return;
      const upload = uploads.matches(req.method ?? 'GET', (req.url ?? '/').split('?')[0] ?? '/');
      if (upload || nodeRequestTimeout > requestTimeout) watchBody(req, res, upload ? { idleMs: uploads.idleMs } : { wholeMs: requestTimeout });
    });
  }
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

/**
 * Holds a request's body to a limit of its own until it has all arrived: `wholeMs` after its
 * headers, or `idleMs` without a byte from the client (the socket's count of bytes read, which
 * grows even while Node's parser consumes the socket directly). Past it, as Node does on its own
 * timeouts: 408 when no answer was started, and the connection is closed (the route then sees the
 * client gone). A client paused by the server itself (a route not reading yet) sends nothing either,
 * so routes on the idle rule read their body at once.
 */
function watchBody(req: IncomingMessage, res: ServerResponse, limit: { wholeMs: number } | { idleMs: number }): void {
  const socket = req.socket;
  const cut = () => {
    stop();
    if (req.complete || socket.destroyed) return;
    if (!res.headersSent && socket.writable) socket.write(TIMED_OUT);
    socket.destroy();
  };
  let timer: NodeJS.Timeout;
  if ('wholeMs' in limit) {
    timer = setTimeout(cut, limit.wholeMs);
  } else {
    let seen = socket.bytesRead;
    let lastByteAt = Date.now();
    timer = setInterval(() => {
      if (req.complete) return stop();
      if (socket.bytesRead !== seen) {
        seen = socket.bytesRead;
        lastByteAt = Date.now();
      } else if (Date.now() - lastByteAt >= limit.idleMs) {
        cut();
      }
    }, Math.max(20, Math.min(1000, Math.floor(limit.idleMs / 10))));
  }
  timer.unref();
  const stop = () => clearTimeout(timer);
  res.once('close', stop);
}
