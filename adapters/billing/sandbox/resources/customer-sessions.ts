import type { Hono } from 'hono';
import { z } from 'zod';
import type { SandboxContext } from '../engine/context.js';
import { fieldError } from '../engine/errors.js';
import { isUuid, newId, newSecret, SECRET_PREFIX } from '../engine/ids.js';
import type { CustomerRecord, CustomerSessionRecord, OrganizationRecord } from '../engine/records.js';
import { json } from '../engine/respond.js';
import { parseBody } from '../engine/validation.js';
import { customerWire } from './customer-wire.js';
import { customerByExternalId } from './customers.js';

const SESSION_TTL_MS = 60 * 60 * 1000;
const returnUrl = z.url().nullable().optional();

/** `{customer_id}` or `{external_customer_id}` (alias `customer_external_id`), reference §4. */
const sessionCreate = z.union([
  z.object({ customer_id: z.string().refine(isUuid, 'Input should be a valid UUID'), return_url: returnUrl }),
  z.object({ external_customer_id: z.string().min(1), return_url: returnUrl }),
  z.object({ customer_external_id: z.string().min(1), return_url: returnUrl }),
]);

export function portalUrl(ctx: SandboxContext, org: OrganizationRecord, session: CustomerSessionRecord, customer: CustomerRecord): string {
  const query = new URLSearchParams({ customer_session_token: session.token, email: customer.email });
  return `${ctx.publicUrl}/${org.slug}/portal?${query.toString()}`;
}

export function customerSessionWire(ctx: SandboxContext, session: CustomerSessionRecord) {
  const customer = ctx.db.customers.get(session.customer_id) as CustomerRecord;
  const org = ctx.db.organizations.get(customer.organization_id) as OrganizationRecord;
  return {
    id: session.id, created_at: session.created_at, modified_at: session.modified_at, token: session.token,
    expires_at: session.expires_at, return_url: session.return_url, customer_portal_url: portalUrl(ctx, org, session, customer),
    customer_id: session.customer_id, customer: customerWire(customer),
  };
}

/** Opens a 1-hour customer session (`polar_cst_...`); the checkout helper uses it on confirm. */
export function createCustomerSession(ctx: SandboxContext, customerId: string, returnTo: string | null = null): CustomerSessionRecord {
  const now = ctx.clock.now();
  return ctx.db.customerSessions.put({
    id: newId(), created_at: now.toISOString(), modified_at: null, token: newSecret(SECRET_PREFIX.customerSession),
    expires_at: new Date(now.getTime() + SESSION_TTL_MS).toISOString(), return_url: returnTo, customer_id: customerId,
  });
}

export function registerCustomerSessions(app: Hono, ctx: SandboxContext): void {
  app.post('/v1/customer-sessions', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, sessionCreate);
    let customer: CustomerRecord | undefined;
    if ('customer_id' in body) {
      customer = ctx.db.customers.get(body.customer_id.toLowerCase());
      if (customer === undefined || customer.organization_id !== org.id || customer.deleted_at !== null) {
        throw fieldError(['body', 'customer_id'], 'Customer does not exist.', body.customer_id);
      }
    } else {
      const [field, externalId] = 'external_customer_id' in body ? ['external_customer_id', body.external_customer_id] : ['customer_external_id', body.customer_external_id];
      customer = customerByExternalId(ctx, org.id, externalId);
      if (customer === undefined) throw fieldError(['body', field], 'Customer does not exist.', externalId);
    }
    const found = customer;
    const session = ctx.store.transaction(() => createCustomerSession(ctx, found.id, body.return_url ?? null));
    return json(customerSessionWire(ctx, session), 201);
  });
}
