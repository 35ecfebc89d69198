import { z } from 'zod';
import type { CheckoutState } from '../domain/billing.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { domainError, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({
  checkoutId: z.string({ error: 'Checkout id is required' }).trim().min(1, 'Checkout id is required').max(200, 'Checkout id is too long'),
});

/**
 * The provider's word on one of the caller's own checkouts (the server asks it; the browser only
 * relays). Someone else's checkout, or an id the provider does not know, is `not_found`.
 */
export const makeGetCheckoutState =
  (deps: { currentUser: CurrentUser; billingGateway: BillingGateway }) =>
  async (input: { checkoutId: string }): Promise<Result<CheckoutState>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const found = await deps.billingGateway.getCheckout({ userId: user.data.id, checkoutId: valid.data.checkoutId });
    if (!found.success) return found;
    return found.data ? ok(found.data) : fail(domainError('not_found', 'No such checkout for this user'));
  };
