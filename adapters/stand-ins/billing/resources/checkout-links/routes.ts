import type { Context, Hono } from 'hono';
import { z } from 'zod';
import { checkoutLinkCreate, checkoutLinkUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, notFound, SandboxHttpError } from '../../engine/errors.js';
import { newId, newSecret, SECRET_PREFIX } from '../../engine/ids.js';
import { paginate, parseQuery, parseSorting, pathUuid, q, sortRecords } from '../../engine/query.js';
import type { OrganizationRecord } from '../../engine/records.js';
import { json, noContent } from '../../engine/respond.js';
import { parseBody } from '../../engine/validation.js';
import { checkoutDiscount, validatedProducts } from '../checkouts/checks.js';
import { createCheckout } from '../checkouts/service.js';
import { checkoutUrl } from '../checkouts/wire.js';
import type { CheckoutLinkRecord } from './records.js';
import { checkoutLinkWire } from './wire.js';

/** The product ids of one of the three create shapes (product_id, product_price_id, products). */
function productIdsOf(ctx: SandboxContext, org: OrganizationRecord, body: Record<string, unknown>): string[] {
  if (typeof body.product_price_id === 'string') {
    const price = ctx.db.prices.get(body.product_price_id.toLowerCase());
    const product = price === undefined ? undefined : ctx.db.products.get(price.product_id);
    if (price === undefined || price.is_archived || product === undefined || product.organization_id !== org.id) {
      throw fieldError(['body', 'product_price_id'], 'Price does not exist.', body.product_price_id);
    }
    return [product.id];
  }
  if (typeof body.product_id === 'string') {
    return validatedProducts(ctx, org, [body.product_id], 'product_id').map((p) => p.id);
  }
  return validatedProducts(ctx, org, body.products as string[], 'products').map((p) => p.id);
}

function ownLink(ctx: SandboxContext, c: Context): { org: OrganizationRecord; link: CheckoutLinkRecord } {
  const org = ctx.auth.organization(c);
  const link = ctx.db.checkoutLinks.get(pathUuid(c.req.param('id')));
  if (link === undefined || link.organization_id !== org.id || link.deleted_at !== null) throw notFound();
  return { org, link };
}

function checkLinkDiscount(ctx: SandboxContext, org: OrganizationRecord, productIds: readonly string[], discountId: string | null | undefined): string | null {
  if (!discountId) return null;
  const product = ctx.db.products.get(productIds[0] ?? '');
  if (product === undefined) return null;
  return checkoutDiscount(ctx, org.id, product, { discountId }).id;
}

/** Checkout links and their public redirect to a fresh checkout. */
export function registerCheckoutLinks(app: Hono, ctx: SandboxContext): void {
  const links = () => ctx.db.checkoutLinks;

  app.get('/v1/checkout-links', (c) => {
    const org = ctx.auth.organization(c);
    const query = parseQuery(new URL(c.req.url), { organization_id: q.uuids().optional(), product_id: q.uuids().optional() });
    const sorting = parseSorting(query.sorting, ['created_at', 'label', 'success_url', 'allow_discount_codes']);
    const rows = links()
      .byIndex('org', org.id)
      .filter((l) => query.product_id === undefined || l.product_ids.some((id) => query.product_id?.includes(id)));
    const sorted = sortRecords(rows, sorting, {
      created_at: (l) => l.created_at, label: (l) => l.label, success_url: (l) => l.success_url, allow_discount_codes: (l) => l.allow_discount_codes,
    });
    return json(paginate(sorted, query, (l) => checkoutLinkWire(ctx, l)));
  });

  app.post('/v1/checkout-links', async (c) => {
    const org = ctx.auth.organization(c);
    const body = await parseBody(c.req.raw, checkoutLinkCreate);
    const productIds = productIdsOf(ctx, org, body as Record<string, unknown>);
    const record: CheckoutLinkRecord = {
      id: newId(), created_at: ctx.now(), modified_at: null, organization_id: org.id, client_secret: newSecret(SECRET_PREFIX.checkoutLink),
      product_ids: productIds, label: body.label ?? null, allow_discount_codes: body.allow_discount_codes,
      require_billing_address: body.require_billing_address, discount_id: checkLinkDiscount(ctx, org, productIds, body.discount_id),
      success_url: body.success_url ?? null, metadata: body.metadata ?? {}, deleted_at: null,
    };
    ctx.store.transaction(() => links().put(record));
    return json(checkoutLinkWire(ctx, record), 201);
  });

  app.get('/v1/checkout-links/:id', (c) => json(checkoutLinkWire(ctx, ownLink(ctx, c).link)));

  app.patch('/v1/checkout-links/:id', async (c) => {
    const { org, link } = ownLink(ctx, c);
    const body = await parseBody(c.req.raw, checkoutLinkUpdate);
    const productIds = body.products ? validatedProducts(ctx, org, body.products, 'products').map((p) => p.id) : link.product_ids;
    const next: CheckoutLinkRecord = {
      ...link, product_ids: productIds, modified_at: ctx.now(),
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(typeof body.allow_discount_codes === 'boolean' ? { allow_discount_codes: body.allow_discount_codes } : {}),
      ...(typeof body.require_billing_address === 'boolean' ? { require_billing_address: body.require_billing_address } : {}),
      ...(body.discount_id !== undefined ? { discount_id: checkLinkDiscount(ctx, org, productIds, body.discount_id) } : {}),
      ...(body.success_url !== undefined ? { success_url: body.success_url } : {}),
      ...(body.metadata ? { metadata: body.metadata } : {}),
    };
    ctx.store.transaction(() => links().put(next));
    return json(checkoutLinkWire(ctx, next));
  });

  app.delete('/v1/checkout-links/:id', (c) => {
    const { link } = ownLink(ctx, c);
    ctx.store.transaction(() => links().put({ ...link, deleted_at: ctx.now(), modified_at: ctx.now() }));
    return noContent();
  });

  /** The link's `url`: a fresh checkout each time, prefilled from the query, then a redirect to it. */
  app.get('/v1/checkout-links/:secret/redirect', (c) => {
    const link = links().oneByIndex('secret', c.req.param('secret'));
    if (link === undefined) throw notFound();
    const org = ctx.db.organizations.get(link.organization_id) as OrganizationRecord;
    const live = link.product_ids.filter((id) => ctx.db.products.get(id)?.is_archived === false);
    if (live.length === 0) throw fieldError(['body', 'products'], 'No valid products.', link.product_ids);
    const prefill = new URL(c.req.url).searchParams;
    const email = z.email().safeParse(prefill.get('customer_email'));
    let discountId: string | null = null;
    try {
      discountId = checkLinkDiscount(ctx, org, live, link.discount_id);
    } catch (error) {
      if (!(error instanceof SandboxHttpError)) throw error; // an invalid link discount is ignored, as by the provider
    }
    const metadata = { ...link.metadata, ...(prefill.get('reference_id') ? { reference_id: prefill.get('reference_id') as string } : {}) };
    const checkout = createCheckout(ctx, org, {
      products: live, allow_discount_codes: link.allow_discount_codes, require_billing_address: link.require_billing_address,
      is_business_customer: false, discount_id: discountId, success_url: link.success_url, metadata,
      customer_email: email.success ? email.data : null, customer_name: prefill.get('customer_name'),
    });
    return c.redirect(checkoutUrl(ctx, checkout.client_secret), 307);
  });
}
