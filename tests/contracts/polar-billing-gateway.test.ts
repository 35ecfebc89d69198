import { randomUUID } from 'node:crypto';
import { Agent } from 'undici';
import { afterAll } from 'vitest';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { createBillingClient } from '../../adapters/billing/client.js';
import { PolarBillingGateway } from '../../adapters/billing/polar-billing-gateway.js';
import { DISCOUNT_ID, PRODUCT_ID } from '../support/billing-fixtures/ids.js';
import { polarStubServer } from '../support/polar-stub-server.js';
import { uniqueEmail } from '../support/unique-email.js';
import { billingGatewayContract } from './billing-gateway.contract.js';

// Against a loopback stand-in of the Polar calls; the billing sandbox issue adds a run against the sandbox.
const stub = polarStubServer();
const dispatcher = new Agent();
afterAll(async () => {
  await dispatcher.close();
  await (await stub).close();
});

billingGatewayContract('PolarBillingGateway (loopback Polar stand-in)', async () => {
  const server = await stub;
  const client = createBillingClient({ server: server.url, accessToken: server.accessToken, dispatcher });
  const gateway = new PolarBillingGateway({ client, planProductId: PRODUCT_ID, discountId: DISCOUNT_ID, logger: new InMemoryLogger() });
  return {
    gateway,
    createUser: async () => ({ userId: randomUUID(), email: uniqueEmail() }),
    actAs: async () => undefined,
    pay: async (checkoutId) => server.pay(checkoutId),
  };
});
