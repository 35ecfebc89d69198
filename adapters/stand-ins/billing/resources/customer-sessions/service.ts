import type { SandboxContext } from '../../engine/context.js';
import { newId, newSecret, SECRET_PREFIX } from '../../engine/ids.js';
import type { CustomerSessionRecord } from '../../engine/records.js';

const SESSION_TTL_MS = 60 * 60 * 1000;

/** Opens a 1-hour customer session (`polar_cst_...`); checkout confirm opens one for the buyer. */
export function createCustomerSession(ctx: SandboxContext, customerId: string, returnTo: string | null = null): CustomerSessionRecord {
  const now = ctx.clock.now();
  return ctx.db.customerSessions.put({
    id: newId(), created_at: now.toISOString(), modified_at: null, token: newSecret(SECRET_PREFIX.customerSession),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(), return_url: returnTo, customer_id: customerId,
  });
}
