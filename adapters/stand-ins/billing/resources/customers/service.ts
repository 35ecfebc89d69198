import type { SandboxContext } from '../../engine/context.js';
import { fieldError } from '../../engine/errors.js';
import { runCustomerDeleted } from '../../engine/hooks.js';
import { newId } from '../../engine/ids.js';
import type { CustomerRecord } from '../../engine/records.js';
import { revokeBenefits } from '../benefits/service.js';
import { customerStateWire, customerWire } from './wire.js';

const EMAIL_TAKEN = 'A customer with this email address already exists.';
const EXTERNAL_ID_TAKEN = 'A customer with this external ID already exists.';

/** Uniqueness per organization among live customers. */
export function checkCustomerUniqueness(ctx: SandboxContext, next: CustomerRecord): void {
  const byEmail = ctx.db.customers.oneByIndex('email', `${next.organization_id}|${next.email.toLowerCase()}`);
  if (byEmail !== undefined && byEmail.id !== next.id) throw fieldError(['body', 'email'], EMAIL_TAKEN, next.email);
  if (next.external_id !== null) {
    const byExternal = ctx.db.customers.oneByIndex('externalId', `${next.organization_id}|${next.external_id}`);
    if (byExternal !== undefined && byExternal.id !== next.id) throw fieldError(['body', 'external_id'], EXTERNAL_ID_TAKEN, next.external_id);
  }
}

/**
 * Creates a customer (also what a succeeded checkout calls for a new buyer); emits
 * customer.created and customer.state_changed. Call inside a transaction.
 */
export function createCustomer(
  ctx: SandboxContext,
  organizationId: string,
  input: Partial<Omit<CustomerRecord, 'id' | 'organization_id' | 'created_at'>> & { email: string },
): CustomerRecord {
  const record: CustomerRecord = {
    id: newId(), created_at: ctx.now(), modified_at: null, organization_id: organizationId, email_verified: false,
    name: null, external_id: null, billing_name: null, billing_address: null, tax_id: null, locale: null, metadata: {},
    default_payment_method_id: null, deleted_at: null, ...input,
  };
  checkCustomerUniqueness(ctx, record);
  const saved = ctx.db.customers.put(record);
  ctx.emit('customer.created', customerWire(saved), organizationId);
  emitStateChanged(ctx, saved.id);
  return saved;
}

/** A live customer of the organization by e-mail (case-insensitive). */
export const customerByEmail = (ctx: SandboxContext, organizationId: string, email: string) =>
  ctx.db.customers.oneByIndex('email', `${organizationId}|${email.toLowerCase()}`);

export const customerByExternalId = (ctx: SandboxContext, organizationId: string, externalId: string) =>
  ctx.db.customers.oneByIndex('externalId', `${organizationId}|${externalId}`);

/** Saves a changed customer; emits customer.updated and customer.state_changed. */
export function saveCustomer(ctx: SandboxContext, next: CustomerRecord): CustomerRecord {
  checkCustomerUniqueness(ctx, next);
  const saved = ctx.db.customers.put({ ...next, modified_at: ctx.now() });
  ctx.emit('customer.updated', customerWire(saved), saved.organization_id);
  emitStateChanged(ctx, saved.id);
  return saved;
}

/** Soft delete: the customerDeleted hooks end subscriptions; benefit grants are revoked here. */
export function deleteCustomer(ctx: SandboxContext, customer: CustomerRecord): void {
  ctx.store.transaction(() => {
    runCustomerDeleted(ctx, customer);
    revokeBenefits(ctx, customer.id);
    const deleted = ctx.db.customers.update(customer.id, { deleted_at: ctx.now(), modified_at: ctx.now() });
    ctx.emit('customer.deleted', customerWire(deleted), deleted.organization_id);
  });
}

/** A bare tax id (as the provider's SDK sends it) gets its type guessed from its shape, as the portal does. */
export const taxIdOf = (value: string | readonly [string, string] | null | undefined): [string, string] | null | undefined =>
  typeof value === 'string' ? [value, /^[A-Z]{2}/.test(value) ? 'eu_vat' : 'us_ein'] : value === null || value === undefined ? value : [value[0], value[1]];

/** Sends customer.state_changed with the fresh state; call after any change that alters it. */
export function emitStateChanged(ctx: SandboxContext, customerId: string): void {
  const customer = ctx.db.customers.get(customerId);
  if (customer === undefined) return;
  ctx.emit('customer.state_changed', customerStateWire(ctx, customer), customer.organization_id);
}
