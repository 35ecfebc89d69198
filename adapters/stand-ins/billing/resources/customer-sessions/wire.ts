import type { SandboxContext } from '../../engine/context.js';
import type { CustomerRecord, CustomerSessionRecord, OrganizationRecord } from '../../engine/records.js';
import { customerWire } from '../customers/wire.js';

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
