import type { CustomerState } from '../domain/billing.js';
import type { BillingGateway } from '../ports/billing-gateway.js';
import type { Result } from '../../shared/index.js';
import { requireUser, type CurrentUser } from '../../auth/index.js';

/** The caller's own billing customer (subscriptions, benefits); `null` before their first payment. */
export const makeGetBillingState =
  (deps: { currentUser: CurrentUser; billingGateway: BillingGateway }) =>
  async (): Promise<Result<CustomerState | null>> => {
    const user = await requireUser(deps.currentUser);
    if (!user.success) return user;
    return deps.billingGateway.getCustomerState(user.data.id);
  };
