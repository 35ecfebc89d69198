import { randomUUID } from 'node:crypto';
import { afterAll } from 'vitest';
import { InMemoryLogger } from '../../adapters/in-memory/in-memory-logger.js';
import { PolarBillingGateway } from '../../adapters/billing/polar-billing-gateway.js';
import { TEST_CONFIRMATION_TOKENS } from '@ensemble/billing-sandbox';
import { startTestSandbox, type TestSandbox } from '../integration/billing-sandbox/sandbox-harness.js';
import { uniqueEmail } from '../support/unique-email.js';
import { billingGatewayContract } from './billing-gateway.contract.js';

// The real adapter on the real client against the billing sandbox on loopback (seeded plan product
// and discount); paying is what the hosted checkout page does: confirm with the success test card.
let started: Promise<TestSandbox> | null = null;
const sandbox = () => (started ??= startTestSandbox());
afterAll(async () => {
  if (started) await (await started).close();
});

billingGatewayContract('PolarBillingGateway (billing sandbox on loopback)', async () => {
  const { client, seed, api } = await sandbox();
  const gateway = new PolarBillingGateway({ client, planProductId: seed.productId, discountId: seed.discountId, logger: new InMemoryLogger() });
  return {
    gateway,
    createUser: async () => ({ userId: randomUUID(), email: uniqueEmail() }),
    actAs: async () => undefined,
    pay: async (checkoutId) => {
      const checkout = await api('GET', `/v1/checkouts/${checkoutId}`);
      if (checkout.status !== 200) throw new Error(`checkout ${checkoutId}: ${checkout.text}`);
      const { client_secret: secret, customer_email: email } = checkout.body as { client_secret: string; customer_email: string | null };
      const confirmed = await api(
        'POST',
        `/v1/checkouts/client/${secret}/confirm`,
        {
          customer_email: email ?? uniqueEmail(),
          customer_name: 'Contract Payer',
          customer_billing_address: { country: 'FR' },
          confirmation_token_id: TEST_CONFIRMATION_TOKENS.success,
        },
        null,
      );
      if (confirmed.status !== 200) throw new Error(`confirming checkout ${checkoutId}: ${confirmed.text}`);
    },
    decline: async (checkoutId) => {
      const checkout = await api('GET', `/v1/checkouts/${checkoutId}`);
      const { client_secret: secret } = checkout.body as { client_secret: string };
      const declined = await api(
        'POST',
        `/v1/checkouts/client/${secret}/confirm`,
        { customer_email: uniqueEmail(), customer_billing_address: { country: 'FR' }, confirmation_token_id: TEST_CONFIRMATION_TOKENS.declined },
        null,
      );
      if (declined.status !== 400) throw new Error(`a declined card should be refused: ${declined.text}`);
    },
  };
});
