import type { EngineCollections } from './collections.js';
import { invalidToken, unauthorized } from './errors.js';
import { SECRET_PREFIX } from './ids.js';
import type { CustomerRecord, CustomerSessionRecord, OrganizationRecord } from './records.js';

export interface OrganizationAuth {
  readonly kind: 'organization';
  readonly organization: OrganizationRecord;
}

export interface CustomerAuth {
  readonly kind: 'customer';
  readonly session: CustomerSessionRecord;
  readonly customer: CustomerRecord;
  readonly organization: OrganizationRecord;
}

export type Subject = OrganizationAuth | CustomerAuth;

function bearer(header: string | undefined): string | null {
  if (header === undefined) return null;
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  return match === null ? null : (match[1] as string).trim();
}

/**
 * Resolves the bearer token: organization access tokens (`polar_oat_`) and customer session tokens
 * (`polar_cst_`, until they expire). No credentials -> null; an unknown, expired or malformed token
 * -> 401 invalid_token.
 */
export function resolveSubject(db: EngineCollections, header: string | undefined, now: Date): Subject | null {
  const token = bearer(header);
  if (token === null) return null;
  if (token.startsWith(SECRET_PREFIX.organizationAccessToken)) {
    const record = db.accessTokens.oneByIndex('token', token);
    const organization = record === undefined ? undefined : db.organizations.get(record.organization_id);
    if (organization === undefined) throw invalidToken();
    return { kind: 'organization', organization };
  }
  if (token.startsWith(SECRET_PREFIX.customerSession)) {
    const session = db.customerSessions.oneByIndex('token', token);
    if (session === undefined || Date.parse(session.expires_at) <= now.getTime()) throw invalidToken();
    const customer = db.customers.get(session.customer_id);
    if (customer === undefined || customer.deleted_at !== null) throw invalidToken();
    const organization = db.organizations.get(customer.organization_id);
    if (organization === undefined) throw invalidToken();
    return { kind: 'customer', session, customer, organization };
  }
  throw invalidToken();
}

/** Seller routes: an organization access token; other subjects are not allowed there (401). */
export function requireOrganization(db: EngineCollections, header: string | undefined, now: Date): OrganizationRecord {
  const subject = resolveSubject(db, header, now);
  if (subject === null || subject.kind !== 'organization') throw unauthorized();
  return subject.organization;
}

/** Customer-portal routes: a customer session token. */
export function requireCustomer(db: EngineCollections, header: string | undefined, now: Date): CustomerAuth {
  const subject = resolveSubject(db, header, now);
  if (subject === null || subject.kind !== 'customer') throw unauthorized();
  return subject;
}
