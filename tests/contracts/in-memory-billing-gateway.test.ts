import { randomUUID } from 'node:crypto';
import { InMemoryBillingGateway } from '../../adapters/in-memory/in-memory-billing-gateway.js';
import { uniqueEmail } from '../support/unique-email.js';
import { billingGatewayContract } from './billing-gateway.contract.js';

billingGatewayContract('InMemoryBillingGateway', async () => {
  const gateway = new InMemoryBillingGateway();
  return {
    gateway,
    createUser: async () => ({ userId: randomUUID(), email: uniqueEmail() }),
    actAs: async () => undefined,
    pay: async (checkoutId) => {
      const paid = await gateway.completeCheckout(checkoutId);
      if (!paid.success) throw new Error(paid.error.message);
    },
    decline: async (checkoutId) => {
      const declined = gateway.declineCheckout(checkoutId);
      if (!declined.success) throw new Error(declined.error.message);
    },
  };
});
