// Webhook triage with the support program on the real local stack: the billing sandbox delivers its
// signed webhooks to the app server (on the Supabase stand-in), and a second endpoint with a wrong
// secret, added after Ada subscribed, makes the app refuse Bob's subscription.active there (401), as a
// misconfigured secret would (the sandbox retries it every few tens of milliseconds here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpOnStandIn } from '../../support/app-on-stand-in.js';
import { startAppStack, subscribeUser, until, type AppStack } from './app-stack.js';
import { must } from './cli-harness.js';

interface DeliveryJson {
  id: string;
  succeeded: boolean;
  httpCode: number | null;
  webhookEvent: { id: string; type: string; payload: string };
  answer: { outcome: string; status: number | null; detail: string | null };
}

let stack: AppStack;
let ada: { email: string; userId: string; customerId: string };
let bob: { email: string; userId: string; customerId: string };

const deliveries = async (...args: string[]): Promise<DeliveryJson[]> => {
  const r = await stack.run(['--json', 'webhooks', 'deliveries', ...args]);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout) as DeliveryJson[];
};

beforeAll(async () => {
  stack = await startAppStack();
  const seed = stack.sandbox.seed!;
  const subscribe = async (tag: string) => {
    const user = await signUpOnStandIn(stack.supabase, stack.server.url, { tag });
    const { customerId } = await subscribeUser(stack, user.email, user.userId);
    return { email: user.email, userId: user.userId, customerId };
  };
  ada = await subscribe('ada');
  await until(async () => (await deliveries('--user', ada.userId, '--type', 'order.paid')).some((d) => d.succeeded) || undefined, "Ada's order.paid delivered");
  must(await stack.billing.webhooks.createEndpoint({ url: seed.webhookUrl, format: 'raw', secret: 'whsec_not-the-apps-secret', events: ['subscription.active'], name: 'stale secret' }));
  bob = await subscribe('bob');
  await until(async () => (await deliveries('--user', bob.userId, '--type', 'order.paid')).some((d) => d.succeeded) || undefined, "Bob's order.paid delivered");
  await until(async () => (await deliveries('--failed')).length > 0 || undefined, "Bob's subscription.active refused");
}, 90_000);
afterAll(() => stack?.close());

describe('webhook triage: filters, the answer, show, redeliver --wait', () => {
  it("lists deliveries with the app's answer in the table, without --json", async () => {
    const r = await stack.run(['webhooks', 'deliveries']);
    expect(r.code, r.stderr).toBe(0);
    const [header, ...rows] = r.stdout.trimEnd().split('\n');
    expect(header).toMatch(/^DELIVERY\s+WHEN\s+HTTP\s+ANSWER\s+EVENT\s+TYPE$/);
    expect(rows.some((row) => /\s202\s+processed\s+[0-9a-f-]{36}\s+subscription\.active$/.test(row))).toBe(true);
    expect(rows.some((row) => /\s401\s+failed 401 invalid_signature\s+[0-9a-f-]{36}\s+subscription\.active$/.test(row))).toBe(true);
  });

  it('--failed shows only failed deliveries, with their status and the app\'s error', async () => {
    const failed = await deliveries('--failed');
    expect(failed.length).toBeGreaterThanOrEqual(1);
    for (const d of failed) {
      expect(d).toMatchObject({ succeeded: false, httpCode: 401, answer: { outcome: 'failed', status: 401, detail: 'invalid_signature' } });
      expect(d.webhookEvent.payload).toContain(bob.customerId);
    }
    const all = await deliveries();
    expect(all.length).toBeGreaterThan(failed.length);
  });

  it('--type shows one event type; an unknown type is a usage error naming the known ones', async () => {
    const orders = await deliveries('--type', 'order.paid');
    expect(orders.length).toBeGreaterThanOrEqual(2);
    expect(new Set(orders.map((d) => d.webhookEvent.type))).toEqual(new Set(['order.paid']));
    const bad = await stack.run(['webhooks', 'deliveries', '--type', 'order.payed']);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/^ensemble: --type takes a webhook event type, not "order\.payed": order\.created, order\.updated, order\.paid, order\.refunded\n$/);
  });

  it("--user (e-mail or user id) shows the deliveries whose payload names that user's customer", async () => {
    for (const reference of [ada.email, ada.userId]) {
      const mine = await deliveries('--user', reference);
      expect(mine.length).toBeGreaterThanOrEqual(3);
      for (const d of mine) {
        expect(d.webhookEvent.payload).toContain(ada.customerId);
        expect(d.webhookEvent.payload).not.toContain(bob.customerId);
      }
    }
    const combined = await deliveries('--user', bob.email, '--type', 'subscription.active', '--failed');
    expect(combined.length).toBeGreaterThanOrEqual(1);
    expect(new Set(combined.map((d) => d.webhookEvent.id)).size).toBe(1);
    expect(combined[0]!.webhookEvent.payload).toContain(bob.customerId);
    expect(await deliveries('--user', ada.email, '--failed')).toEqual([]);
    const nobody = await stack.run(['webhooks', 'deliveries', '--user', 'nobody@example.com']);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toBe('ensemble: No user with e-mail nobody@example.com: check the e-mail address or id (`ensemble users list --query <part>` finds users by part of either)\n');
  });

  it("show <delivery-id> prints the type, time, HTTP status, the payload as JSON and the app's answer", async () => {
    const [processed] = (await deliveries('--user', ada.email, '--type', 'subscription.active')).filter((d) => d.succeeded);
    const r = await stack.run(['webhooks', 'show', processed!.id]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^Event ${processed!.webhookEvent.id}  subscription\\.active\\n`));
    expect(r.stdout).toMatch(/^ {2}time\s+\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/m);
    expect(r.stdout).toMatch(new RegExp(`^ {2}delivery\\s+${processed!.id} \\(attempt 1 of 1, `, 'm'));
    expect(r.stdout).toMatch(/^ {2}HTTP status\s+202$/m);
    expect(r.stdout).toMatch(/^ {2}app answer\s+processed$/m);
    expect(r.stdout).toContain('Payload\n  {\n    "type": "subscription.active",');
    expect(r.stdout).toContain(`"customer_id": "${ada.customerId}"`);
    expect(r.stdout).toContain('App answer (response body)\n  {\n    "outcome": "processed"\n  }');
    const byEvent = JSON.parse((await stack.run(['--json', 'webhooks', 'show', processed!.webhookEvent.id])).stdout) as {
      event: { id: string; type: string; payload: { data: { customer_id: string } } };
      delivery: DeliveryJson;
    };
    expect(byEvent.event).toMatchObject({ id: processed!.webhookEvent.id, type: 'subscription.active', payload: { data: { customer_id: ada.customerId } } });
    expect(byEvent.delivery.answer).toEqual({ outcome: 'processed', status: 202, detail: null });
    const unknown = await stack.run(['webhooks', 'show', '3f2a0c4e-1111-4222-8333-444455556666']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe(
      'ensemble: No webhook event or delivery 3f2a0c4e-1111-4222-8333-444455556666 found on ' +
        `${stack.sandbox.url}: check the id (\`ensemble webhooks deliveries\` lists them, DELIVERY and EVENT columns)\n`,
    );
  });

  it("redeliver <delivery-id> --wait waits for the new delivery and prints the app's answer (a repeat: duplicate)", async () => {
    const [processed] = (await deliveries('--user', bob.email, '--type', 'order.paid')).filter((d) => d.succeeded);
    const r = await stack.run(['webhooks', 'redeliver', processed!.id, '--wait', '--timeout', '20']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      new RegExp(`^Redelivered event ${processed!.webhookEvent.id} \\(of delivery ${processed!.id}\\) \\(order\\.paid\\): delivery [0-9a-f-]{36}, HTTP 202, duplicate\\n$`),
    );
    expect(r.stderr).toMatch(/^Waiting up to 20s for the new delivery of event/);
    const shown = JSON.parse((await stack.run(['--json', 'webhooks', 'show', processed!.webhookEvent.id])).stdout) as { deliveries: DeliveryJson[] };
    expect(shown.deliveries.map((d) => d.answer.outcome)).toEqual(['duplicate', 'processed']);
  });

  it('redeliver of a failing event with --wait exits 1 with the failure; an event id redelivers at once; an unknown id is exit 1', async () => {
    const [failed] = await deliveries('--user', bob.email, '--failed');
    const r = await stack.run(['webhooks', 'redeliver', failed!.webhookEvent.id, '--wait', '--timeout', '20']);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/HTTP 401, failed 401 invalid_signature\n$/);
    expect(r.stderr).toMatch(/ensemble: The app did not take the redelivered event [0-9a-f-]{36}: failed 401 invalid_signature\n$/);
    const queued = await stack.run(['webhooks', 'redeliver', failed!.webhookEvent.id]);
    expect(queued.code, queued.stderr).toBe(0);
    expect(queued.stdout).toBe(`Queued redelivery of event ${failed!.webhookEvent.id}; \`ensemble webhooks show ${failed!.webhookEvent.id}\` shows the outcome.\n`);
    const unknown = await stack.run(['webhooks', 'redeliver', '3f2a0c4e-1111-4222-8333-444455556666']);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toMatch(/^ensemble: No webhook event or delivery 3f2a0c4e-1111-4222-8333-444455556666 found/);
  });
});
