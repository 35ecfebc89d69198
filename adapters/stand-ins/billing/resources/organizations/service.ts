import type { SandboxContext } from '../../engine/context.js';
import { fieldError } from '../../engine/errors.js';
import { newId, newSecret, SECRET_PREFIX } from '../../engine/ids.js';
import type { AccessTokenRecord, OrganizationRecord } from '../../engine/records.js';

export interface NewOrganization {
  readonly name: string;
  readonly slug: string;
  readonly email?: string | null;
  readonly website?: string | null;
}

/** Creates an organization record (seed and POST /v1/organizations/). */
export function createOrganizationRecord(ctx: SandboxContext, input: NewOrganization & Partial<OrganizationRecord>): OrganizationRecord {
  if (ctx.db.organizations.oneByIndex('slug', input.slug) !== undefined) {
    throw fieldError(['body', 'slug'], 'An organization with this slug already exists.', input.slug);
  }
  const record: OrganizationRecord = {
    id: newId(),
    created_at: ctx.now(),
    modified_at: null,
    avatar_url: null,
    email: null,
    website: null,
    socials: [],
    details: null,
    details_submitted_at: null,
    feature_settings: { issue_funding_enabled: false },
    subscription_settings: { allow_multiple_subscriptions: false, allow_customer_updates: true, proration_behavior: 'prorate' },
    notification_settings: { new_order: true, new_subscription: true },
    ...input,
  };
  return ctx.db.organizations.put(record);
}

/** Mints an organization access token (`polar_oat_...`). */
export function createAccessToken(ctx: SandboxContext, organizationId: string, comment = 'sandbox'): AccessTokenRecord {
  return ctx.db.accessTokens.put({ id: newId(), created_at: ctx.now(), token: newSecret(SECRET_PREFIX.organizationAccessToken), organization_id: organizationId, comment });
}
