import { z } from 'zod';
import type { BillingGateway } from '../ports/billing-gateway.js';
import type { Logger } from '../../shared/logger.js';
import { parseInput } from '../../shared/parse-input.js';
import { fail, ok } from '../../shared/result.js';
import type { Result } from '../../shared/result.js';
import { requireUser } from '../../auth/use-cases/current-user.js';
import type { CurrentUser } from '../../auth/use-cases/current-user.js';

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
      deps.logger.error('Could not open the customer portal', { userId: user.data.id, error: portal.error });
      return fail(portal.error);
    }
    return ok({ url: portal.data.url });
  };
