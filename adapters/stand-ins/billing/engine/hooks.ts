import type { SandboxContext } from './context.js';
import type { BenefitGrantRecord, CustomerRecord, OrganizationRecord, ProductRecord } from './records.js';

/** What a product create/update body may attach beyond the catalog (custom fields, media files). */
export interface ProductExtrasInput {
  readonly attached_custom_fields?: readonly { custom_field_id: string; required: boolean }[] | null;
  readonly medias?: readonly string[] | null;
}

/** The wire keys a product carries beyond the catalog. */
export interface ProductExtrasWire {
  readonly attached_custom_fields: unknown[];
  readonly medias: unknown[];
}

/** The checkout facts custom-field validation reads. */
export interface CheckoutFieldsInput {
  readonly organization_id: string;
  readonly product_id: string;
  readonly custom_field_data: Record<string, unknown>;
}

/** The subscription fields a saved-subscription hook reads (wire names). */
export interface SavedSubscription {
  readonly id: string;
  readonly status: string;
  readonly current_period_start: string;
}

/**
 * The sandbox's one hook registry (`ctx.hooks`): a module that changes something calls the hooks,
 * modules that react to it push theirs when they register, so neither edits the other. Every hook
 * runs inside the transaction of the triggering change: a hook that throws rolls the change back.
 */
export interface SandboxHooks {
  /** A customer is being soft-deleted (their subscriptions end; grants are revoked by the caller). */
  readonly customerDeleted: ((customer: CustomerRecord) => void)[];
  /** A grant was just stored; each returns the grant as it should be sent (e.g. with license-key properties). */
  readonly grantCreated: ((grant: BenefitGrantRecord) => BenefitGrantRecord)[];
  /** A grant was just revoked. */
  readonly grantRevoked: ((grant: BenefitGrantRecord) => void)[];
  /** A subscription was just stored (created, renewed, changed or ended). */
  readonly subscriptionSaved: ((subscription: SavedSubscription) => void)[];
  /** Validates and stores what a product body attaches (throws the provider's 422 on a bad id). */
  readonly productWritten: ((org: OrganizationRecord, productId: string, body: ProductExtrasInput) => void)[];
  /** Each contributes wire keys of a product's attachments. */
  readonly productExtras: ((product: ProductRecord) => Partial<ProductExtrasWire>)[];
  /** Validates a checkout's custom_field_data against its product's fields (`confirming`: required ones too). */
  readonly checkoutFields: ((checkout: CheckoutFieldsInput, confirming: boolean) => void)[];
  /** Each contributes wire `attached_custom_fields` of a checkout's product. */
  readonly checkoutAttachedFields: ((productId: string) => unknown[])[];
}

export function createHooks(): SandboxHooks {
  return {
    customerDeleted: [],
    grantCreated: [],
    grantRevoked: [],
    subscriptionSaved: [],
    productWritten: [],
    productExtras: [],
    checkoutFields: [],
    checkoutAttachedFields: [],
  };
}

type WithHooks = Pick<SandboxContext, 'hooks'>;

export function runCustomerDeleted(ctx: WithHooks, customer: CustomerRecord): void {
  for (const hook of ctx.hooks.customerDeleted) hook(customer);
}

/** Runs the grant-created hooks in order, each seeing the previous one's result. */
export function runGrantCreated(ctx: WithHooks, grant: BenefitGrantRecord): BenefitGrantRecord {
  return ctx.hooks.grantCreated.reduce((current, hook) => hook(current), grant);
}

export function runGrantRevoked(ctx: WithHooks, grant: BenefitGrantRecord): void {
  for (const hook of ctx.hooks.grantRevoked) hook(grant);
}

export function runSubscriptionSaved(ctx: WithHooks, subscription: SavedSubscription): void {
  for (const hook of ctx.hooks.subscriptionSaved) hook(subscription);
}

export function runProductWritten(ctx: WithHooks, org: OrganizationRecord, productId: string, body: ProductExtrasInput): void {
  for (const hook of ctx.hooks.productWritten) hook(org, productId, body);
}

export function runCheckoutFields(ctx: WithHooks, checkout: CheckoutFieldsInput, confirming: boolean): void {
  for (const hook of ctx.hooks.checkoutFields) hook(checkout, confirming);
}

/** A product's attachments on the wire: empty lists unless a module contributes them. */
export function productExtras(ctx: WithHooks, product: ProductRecord): ProductExtrasWire {
  return Object.assign({ attached_custom_fields: [], medias: [] }, ...ctx.hooks.productExtras.map((hook) => hook(product))) as ProductExtrasWire;
}

export function checkoutAttachedFields(ctx: WithHooks, productId: string): unknown[] {
  return ctx.hooks.checkoutAttachedFields.flatMap((hook) => hook(productId));
}
