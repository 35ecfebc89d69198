import { z } from 'zod';
import type { BillingGateway } from '../ports/billing-gateway.js';
import { type Logger, logFailure, parseInput, fail, ok, type Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

const inputSchema = z.object({
  returnUrl: z.url({ protocol: /^https?$/, error: 'Return URL must be an http(s) URL' }).optional(),
});

/** The provider's hosted portal, where a customer manages cards, invoices and the subscription. */
export const makeOpenCustomerPortal =
  (deps: { currentUser: CurrentUser; billingGateway: BillingGateway; logger: Logger }) =>
  async (input: { returnUrl?: string } = {}): Promise<Result<{ url: string }>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    const valid = parseInput(inputSchema, input);
    if (!valid.success) return valid;
    const portal = await deps.billingGateway.createPortalSession({ userId: user.data.id, ...valid.data });
    if (!portal.success) {
      // A user who never paid has no customer (404): expected, logged at info.
      logFailure(deps.logger, 'Could not open the customer portal', portal.error, { userId: user.data.id });
      return fail(portal.error);
    }
    return ok({ url: portal.data.url });
  };
