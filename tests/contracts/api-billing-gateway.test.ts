import { afterAll } from 'vitest';
import { InMemoryBillingGateway } from '../../adapters/in-memory/in-memory-billing-gateway.js';
import { ApiBillingGateway } from '../../adapters/app-api/api-billing-gateway.js';
import { startTestServer, type TestServer } from '../integration/server/server-harness.js';
import { billingGatewayContract } from './billing-gateway.contract.js';

// The browser adapter against the real app server on loopback, with the in-memory provider behind it.
const billing = new InMemoryBillingGateway();
let server: Promise<TestServer> | undefined;
afterAll(async () => {
  await (await server)?.close();
});

billingGatewayContract('ApiBillingGateway (app server /api/billing on loopback)', async () => {
  server ??= startTestServer({ billing, env: { PUBLIC_URL: 'https://ensemble.example' } });
  const s = await server;
  let token: string | null = null;
  const tokens = new Map<string, string>();
  return {
    gateway: new ApiBillingGateway({ baseUrl: s.url, accessToken: () => token }),
    createUser: async () => {
      const user = await s.signIn();
      tokens.set(user.userId, user.token);
      return { userId: user.userId, email: user.email };
    },
    actAs: async (userId) => {
      token = tokens.get(userId) ?? null;
    },
    pay: async (checkoutId) => {
      const paid = await billing.completeCheckout(checkoutId);
      if (!paid.success) throw new Error(paid.error.message);
    },
    decline: async (checkoutId) => {
      const declined = billing.declineCheckout(checkoutId);
      if (!declined.success) throw new Error(declined.error.message);
    },
  };
});
