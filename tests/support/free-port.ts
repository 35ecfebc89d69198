import { createServer } from 'node:net';

// Ports a test hands to a child process (PORT, SUPABASE_PORT, ...) are bound by that process
// seconds later, after it built and loaded. A port found by listening on 0 lies in the kernel's
// ephemeral range, where every other test's `listen(0)` and every outgoing connection draw too,
// so one of them could take it in between. These come from below that range (32768 on Linux).
const FIRST = 20_000;
const LAST = 32_000;
const handedOut = new Set<number>();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** A loopback port that is free now and outside the ephemeral range, never the same twice in one process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const port = FIRST + Math.floor(Math.random() * (LAST - FIRST));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await bindable(port)) return port;
  }
  throw new Error(`No free loopback port between ${FIRST} and ${LAST}`);
}
