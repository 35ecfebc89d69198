import type { Context } from 'hono';
import { requireCustomer, requireOrganization, resolveSubject, type CustomerAuth, type Subject } from './auth.js';
import type { SandboxClock } from './clock.js';
import type { EngineCollections } from './collections.js';
import type { FaultController } from './faults.js';
import type { SandboxHooks } from './hooks.js';
import type { OrganizationRecord } from './records.js';
import type { Store } from './store.js';
import type { WebhookDispatcher } from './webhooks.js';
import type { SandboxCollections } from '../db.js';

/** What every resource module receives: `registerX(app, ctx)`. */
export interface SandboxContext {
  readonly store: Store;
  /** Every typed collection (`db.ts`); ad-hoc ones come from `store.collection(name, indexes)`. */
  readonly db: SandboxCollections;
  readonly clock: SandboxClock;
  readonly faults: FaultController;
  readonly webhooks: WebhookDispatcher;
  /** Base URL of this sandbox as browsers reach it (hosted pages, `url` fields); set once listening. */
  publicUrl: string;
  /** Sandbox time as the provider serializes it (UTC ISO with `Z`). */
  now(): string;
  /**
   * Sends webhook `type` with `data` (the wire resource) to the organization's endpoints. The
   * organization defaults to `data.organization_id`, then `data.customer.organization_id`.
   * Inside a transaction the delivery starts only after commit.
   */
  emit(type: string, data: unknown, organizationId?: string): void;
  readonly auth: {
    /** Seller routes: 401 Unauthorized / invalid_token unless an organization access token. */
    organization(c: Context): OrganizationRecord;
    /** Portal routes: the customer session's customer. */
    customer(c: Context): CustomerAuth;
    /** Routes with optional auth; null when no credentials were sent. */
    optional(c: Context): Subject | null;
  };
  /** The hook registry (`engine/hooks.ts`); hooks run inside the transaction of the triggering change. */
  readonly hooks: SandboxHooks;
  readonly log: (line: string) => void;
}

export function organizationOf(data: unknown): string | undefined {
  if (data === null || typeof data !== 'object') return undefined;
  const record = data as { organization_id?: unknown; customer?: { organization_id?: unknown } | null };
  if (typeof record.organization_id === 'string') return record.organization_id;
  const nested = record.customer?.organization_id;
  return typeof nested === 'string' ? nested : undefined;
}

export function buildAuth(db: EngineCollections, clock: SandboxClock): SandboxContext['auth'] {
  return {
    organization: (c) => requireOrganization(db, c.req.header('authorization'), clock.now()),
    customer: (c) => requireCustomer(db, c.req.header('authorization'), clock.now()),
    optional: (c) => resolveSubject(db, c.req.header('authorization'), clock.now()),
  };
}
