import { afterAll, describe, expect, it } from 'vitest';
import { ApiUsageLedger } from '../../adapters/browser/api-usage-ledger.js';
import { ServerKeptChat } from '../../adapters/browser/server-kept-chat.js';
import { createServerKeptChatPorts } from '../../adapters/composition/browser-dependencies.js';
import type { ChatStreamEvent } from '../../core/domain/chat.js';
import { DEFAULT_CATALOGUE } from '../../web/server/default-catalogue.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';
import { usageLedgerContract } from './usage-ledger.contract.js';

// The browser's ledger against the real app server on loopback: it reads /api/credits; credits are
// granted (here through the server's own ledger) and charged by the server only.
let server: Promise<TestServer> | undefined;
const testServer = () => (server ??= startTestServer());
afterAll(async () => {
  await (await server)?.close();
});

const offline = DEFAULT_CATALOGUE.find((m) => m.id === 'offline');
if (!offline) throw new Error('the default catalogue has no offline model');

usageLedgerContract('ApiUsageLedger (app server /api/credits on loopback)', async () => {
  const s = await testServer();
  // The adapter reads for its token's user, whatever userId it is given: each read sends the token
  // of the user asked about (what a signed-in browser does), and nothing else is added.
  let token: string | null = null;
  const tokens = new Map<string, string>();
  const ledger = new ApiUsageLedger({ baseUrl: s.url, accessToken: () => token }, new ServerKeptChat());
  const reading = (userId: string) => {
    token = tokens.get(userId) ?? null;
  };
  return {
    ledger: {
      getBalance: async (userId) => (reading(userId), ledger.getBalance(userId)),
      listEntries: async (userId, options) => (reading(userId), ledger.listEntries(userId, options)),
      logUsage: (charge) => ledger.logUsage(charge),
      grantCredits: () => ledger.grantCredits(),
      holdCredits: () => ledger.holdCredits(),
      settleHold: () => ledger.settleHold(),
      releaseHold: () => ledger.releaseHold(),
    },
    createUser: async () => {
      const user = await s.signIn();
      tokens.set(user.userId, user.token);
      return user.userId;
    },
    pricedModel: offline,
    serverGrants: (input) => s.data.usageLedger.grantCredits(input),
  };
});

describe('ApiUsageLedger: charges and grants are the server\'s', () => {
  it('grantCredits answers forbidden and the balance does not move', async () => {
    const s = await testServer();
    const user = await s.signIn(25);
    const ledger = new ApiUsageLedger({ baseUrl: s.url, accessToken: () => user.token }, new ServerKeptChat());
    const refused = await ledger.grantCredits();
    expect(refused.success ? 'granted' : refused.error.code).toBe('forbidden');
    expect(s.balance(user.userId)).toBe(25);
    expect(await ledger.getBalance(user.userId)).toEqual({ success: true, data: 25 });
  });

  it('logUsage answers what the server charged for that model\'s answer, and charges nothing more', async () => {
    const s = await testServer();
    const user = await s.signIn(1_000);
    const { modelGateway, usageLedger } = createServerKeptChatPorts({ baseUrl: s.url, accessToken: () => user.token });
    const events: ChatStreamEvent[] = [];
    for await (const event of modelGateway.stream({ modelIds: ['offline'], messages: [{ role: 'user', content: 'How do tides work?' }] })) events.push(event);
    const finish = events.find((e) => e.type === 'finish');
    if (finish?.type !== 'finish') throw new Error('no finish');

    const [charge] = await entries(s, user.userId);
    expect(charge).toMatchObject({ kind: 'usage_charge', modelId: 'offline' });
    const charged = -(charge?.amount ?? 0);
    expect(charged).toBeGreaterThan(0);
    expect(s.balance(user.userId)).toBe(1_000 - charged);

    const receipt = await usageLedger.logUsage({ userId: user.userId, modelId: 'offline', ...finish.usage });
    expect(receipt).toEqual({ success: true, data: { charged, balance: 1_000 - charged } });
    expect(s.balance(user.userId)).toBe(1_000 - charged);
    expect(await entries(s, user.userId)).toHaveLength(2);
    // A receipt answers once: a second note for the same model has nothing new to report.
    expect(await usageLedger.logUsage({ userId: user.userId, modelId: 'offline', ...finish.usage })).toEqual({
      success: true,
      data: { charged: 0, balance: 1_000 - charged },
    });
  });
});

async function entries(s: TestServer, userId: string) {
  const listed = await s.data.usageLedger.listEntries(userId);
  if (!listed.success) throw new Error(listed.error.message);
  return listed.data;
}
