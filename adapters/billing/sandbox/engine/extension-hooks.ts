import type { SandboxContext } from './context.js';
import type { BenefitGrantRecord, OrganizationRecord, ProductRecord } from './records.js';

/** What a product create/update body may carry for part-2 modules (custom fields, media files). */
export interface ProductExtrasInput {
  readonly attached_custom_fields?: readonly { custom_field_id: string; required: boolean }[] | null;
  readonly medias?: readonly string[] | null;
}

/** The checkout facts custom-field validation reads. */
export interface CheckoutFieldsInput {
  readonly organization_id: string;
  readonly product_id: string;
  readonly custom_field_data: Record<string, unknown>;
}

/**
 * Extension points that part-1 code calls and part-2 modules fill (benefit granting, custom fields,
 * product media). Kept apart from `SandboxContext.hooks` so neither side edits the other's files:
 * a sandbox without the part-2 modules gets the no-op defaults below. Every hook runs inside the
 * transaction of the triggering change, so a hook that throws rolls the change back.
 */
export interface ExtensionHooks {
  /** A grant was just stored; returns the grant as it should be sent (e.g. with license-key properties). */
  grantCreated: ((grant: BenefitGrantRecord) => BenefitGrantRecord)[];
  /** A subscription was just stored (created, renewed, changed or ended), with its wire field names. */
  subscriptionSaved: ((subscription: { id: string; status: string; current_period_start: string }) => void)[];
  /** A grant was just revoked. */
  grantRevoked: ((grant: BenefitGrantRecord) => void)[];
  /** Validates and stores what a product body attaches (throws the provider's 422 on a bad id). */
  productWritten: ((org: OrganizationRecord, productId: string, body: ProductExtrasInput) => void)[];
  /** Wire values of a product's attachments. */
  productExtras: (product: ProductRecord) => { attached_custom_fields: unknown[]; medias: unknown[] };
  /** Validates a checkout's custom_field_data against its product's fields (`confirming`: required ones too). */
  checkoutFields: ((checkout: CheckoutFieldsInput, confirming: boolean) => void)[];
  /** Wire `attached_custom_fields` of a checkout's product. */
  checkoutAttachedFields: (productId: string) => unknown[];
}

const registry = new WeakMap<SandboxContext, ExtensionHooks>();

export function extensionHooks(ctx: SandboxContext): ExtensionHooks {
  let hooks = registry.get(ctx);
  if (hooks === undefined) {
    hooks = {
      grantCreated: [],
      grantRevoked: [],
      subscriptionSaved: [],
      productWritten: [],
      productExtras: () => ({ attached_custom_fields: [], medias: [] }),
      checkoutFields: [],
      checkoutAttachedFields: () => [],
    };
    registry.set(ctx, hooks);
  }
  return hooks;
}

/** Runs the grant-created hooks in order, each seeing the previous one's result. */
export function runGrantCreated(ctx: SandboxContext, grant: BenefitGrantRecord): BenefitGrantRecord {
  return extensionHooks(ctx).grantCreated.reduce((current, hook) => hook(current), grant);
}

export function runGrantRevoked(ctx: SandboxContext, grant: BenefitGrantRecord): void {
  for (const hook of extensionHooks(ctx).grantRevoked) hook(grant);
}

export function runProductWritten(ctx: SandboxContext, org: OrganizationRecord, productId: string, body: ProductExtrasInput): void {
  for (const hook of extensionHooks(ctx).productWritten) hook(org, productId, body);
}

export function runCheckoutFields(ctx: SandboxContext, checkout: CheckoutFieldsInput, confirming: boolean): void {
  for (const hook of extensionHooks(ctx).checkoutFields) hook(checkout, confirming);
}

export function runSubscriptionSaved(ctx: SandboxContext, subscription: { id: string; status: string; current_period_start: string }): void {
  for (const hook of extensionHooks(ctx).subscriptionSaved) hook(subscription);
}
