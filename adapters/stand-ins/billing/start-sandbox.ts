import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { createSandboxApp, type SandboxApp, type SandboxOptions } from './create-sandbox-app.js';

export interface StartOptions extends Omit<SandboxOptions, 'dataDir'> {
  /** Port to listen on (default 54380; 0 picks a free one). */
  readonly port?: number;
  readonly host?: string;
  /** Data folder (default `.data/billing`). */
  readonly dataDir?: string;
}

export interface RunningSandbox extends SandboxApp {
  readonly port: number;
  /** e.g. http://127.0.0.1:54380, the `server` to give the billing client. */
  readonly url: string;
}

/** Starts the sandbox as a Node HTTP server; `close()` stops it and flushes the state. */
export async function startSandbox(options: StartOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? '127.0.0.1';
  const sandbox = createSandboxApp({ ...options, dataDir: options.memory === true ? undefined : (options.dataDir ?? '.data/billing') });
  const server: Server = createServer(getRequestListener(sandbox.app.fetch));
  server.keepAliveTimeout = 30_000;
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'EADDRINUSE' ? new Error(`port ${options.port ?? 54380} on ${host} is already in use`, { cause: error }) : error),
      );
      server.listen(options.port ?? 54380, host, resolve);
    });
  } catch (error) {
    await sandbox.close();
    throw error;
  }
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  if (options.publicUrl === undefined) sandbox.ctx.publicUrl = `http://localhost:${port}`;
  return {
    ...sandbox,
    port,
    url,
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      await sandbox.close();
    },
  };
}
