import { localServer } from './local-http.js';

export interface ReceivedWebhook {
  readonly headers: Record<string, string>;
  readonly body: string;
}

/**
 * A loopback webhook receiver that records every request and answers `state.status` (set it to 503
 * to play an endpoint that is down). `waitFor(n)` resolves once n requests in total have arrived.
 */
export async function webhookReceiver(path = '/hooks') {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  const state = { status: 200 };
  const server = await localServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)])), body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(state.status).end(state.status === 200 ? 'ok' : 'down');
      for (const waiter of waiters.filter((w) => received.length >= w.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    });
  });
  return {
    url: `${server.url}${path}`,
    received,
    state,
    waitFor: (count: number) => (received.length >= count ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ count, resolve }))),
    close: server.close,
  };
}
