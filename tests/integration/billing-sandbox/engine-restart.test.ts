import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { customer, product } from '@ensemble/billing-client/schemas';
import { closedPort } from '../../support/local-http.js';
import { must, rawCall, removeDir, startTestSandbox, tempDir, wire } from './sandbox-harness.js';

const dirs: string[] = [];
const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) removeDir(dir);
});
const newDir = () => {
  const dir = tempDir();
  dirs.push(dir);
  return dir;
};

describe('sandbox restart: create objects, kill the process, start again, everything is there', () => {
  it('restores objects, the seed, seed.json and the clock offset after a clean restart from the same folder', async () => {
    const dir = newDir();
    const webhookUrl = `${await closedPort()}/hooks`;
    const first = await startTestSandbox({ dataDir: dir, webhookUrl });
    const made = must(await first.client.products.create({ name: 'Persisted', recurringInterval: 'month', prices: [{ amountType: 'fixed', priceAmount: 700, priceCurrency: 'usd' }] }));
    const buyer = must(await first.client.customers.create({ email: 'persist@example.com', externalId: 'user-p' }));
    const code = must(await first.client.discounts.create({ name: 'Persisted code', code: 'KEEPME', type: 'fixed', amount: 100, duration: 'once' }));
    const session = must(await first.client.customerSessions.create({ customerId: buyer.id }));
    first.sandbox.ctx.clock.advance(600_000);
    const offset = first.sandbox.ctx.clock.offsetMs;
    await first.close();

    const second = await startTestSandbox({ dataDir: dir, webhookUrl });
    try {
      expect(second.seed).toEqual(first.seed);
      expect(JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8'))).toEqual(first.seed);
      expect(wire(product, await second.api('GET', `/v1/products/${made.id}`)).name).toBe('Persisted');
      expect(must(await second.client.customers.getExternal({ externalId: 'user-p' })).id).toBe(buyer.id);
      expect(must(await second.client.discounts.get({ id: code.id })).code).toBe('KEEPME');
      expect((await second.api('GET', '/v1/customer-portal/customers/me', undefined, session.token)).status).toBe(200);
      expect(second.sandbox.ctx.clock.offsetMs).toBe(offset);
    } finally {
      await second.close();
    }
  });

  it('moves the seeded webhook endpoint when a restart names another app URL, and leaves one changed over the API alone', async () => {
    const dir = newDir();
    const first = await startTestSandbox({ dataDir: dir, webhookUrl: 'http://127.0.0.1:41000/api/webhooks/billing' });
    const endpointId = first.seed.webhookEndpointId;
    await first.close();

    const moved = await startTestSandbox({ dataDir: dir, webhookUrl: 'http://127.0.0.1:41001/api/webhooks/billing' });
    try {
      expect(moved.seed.webhookUrl).toBe('http://127.0.0.1:41001/api/webhooks/billing');
      expect(moved.seed.webhookSecret).toBe(first.seed.webhookSecret);
      expect(JSON.parse(readFileSync(join(dir, 'seed.json'), 'utf8')).webhookUrl).toBe('http://127.0.0.1:41001/api/webhooks/billing');
      expect(must(await moved.client.webhooks.getEndpoint({ id: endpointId })).url).toBe('http://127.0.0.1:41001/api/webhooks/billing');
      must(await moved.client.webhooks.updateEndpoint({ id: endpointId, webhookEndpointUpdate: { url: 'http://127.0.0.1:49999/mine' } }));
    } finally {
      await moved.close();
    }

    const again = await startTestSandbox({ dataDir: dir, webhookUrl: 'http://127.0.0.1:41002/api/webhooks/billing' });
    try {
      expect(must(await again.client.webhooks.getEndpoint({ id: endpointId })).url).toBe('http://127.0.0.1:49999/mine');
      expect(again.seed.webhookUrl).toBe('http://127.0.0.1:41001/api/webhooks/billing');
    } finally {
      await again.close();
    }
  });

  it('keeps every acknowledged object when the server process is killed (SIGKILL)', async () => {
    const dir = newDir();
    const hook = `${await closedPort()}/hooks`;
    const child = spawn(process.execPath, ['--import', 'tsx', 'adapters/stand-ins/billing/main.ts', '--port', '0', '--data', dir, '--webhook-url', hook], {
      cwd: join(import.meta.dirname, '..', '..', '..'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const started = await new Promise<{ url: string; token: string }>((resolve, reject) => {
      let out = '';
      child.once('exit', (code) => reject(new Error(`sandbox exited early with ${code}`)));
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString('utf8');
        const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
        const token = /access token\s+(polar_oat_\S+)/.exec(out)?.[1];
        if (url !== undefined && token !== undefined) resolve({ url, token });
      });
    });
    const ids: string[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await rawCall(started.url, 'POST', '/v1/customers/', { email: `killed${i}@example.com`, metadata: { i } }, started.token);
      ids.push(wire(customer, answer, 201).id);
    }
    child.removeAllListeners('exit');
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;

    const again = await startTestSandbox({ dataDir: dir });
    try {
      expect(again.seed.accessToken).toBe(started.token);
      for (const id of ids) expect(again.sandbox.ctx.db.customers.get(id)?.deleted_at).toBeNull();
      const listed = must(await again.client.customers.list({ limit: 100 }));
      expect(listed.pagination.totalCount).toBe(20);
    } finally {
      await again.close();
    }
  });
});
