import type { Hono } from 'hono';
import { paymentMethodCreate, portalCustomerUpdate } from '@ensemble/billing-client/schemas';
import type { SandboxContext } from '../../engine/context.js';
import { fieldError, namedError, notFound } from '../../engine/errors.js';
import { newId } from '../../engine/ids.js';
import { paginate, parseQuery, pathUuid, querySchema } from '../../engine/query.js';
import { json, noContent } from '../../engine/respond.js';
import { outcomeOfConfirmationToken } from '../../engine/test-payments.js';
import { parseBody } from '../../engine/validation.js';
import { saveCustomer, taxIdOf } from '../customers/service.js';
import { checkoutProductWire } from '../products/wire.js';
import { customerOrganizationWire, paymentMethodWire, portalCustomerWire } from './wire.js';

/**
 * Customer portal: own profile, payment methods, organization storefront (subscriptions and orders:
 * `commerce-routes.ts`; benefit grants and downloadables: `benefit-routes.ts`).
 */
export function registerCustomerPortal(app: Hono, ctx: SandboxContext): void {
  const { db } = ctx;
  const pageQuery = querySchema({});

  app.get('/v1/customer-portal/customers/me', (c) => json(portalCustomerWire(ctx.auth.customer(c).customer)));

  app.patch('/v1/customer-portal/customers/me', async (c) => {
    const { customer } = ctx.auth.customer(c);
    const body = await parseBody(c.req.raw, portalCustomerUpdate);
    const saved = ctx.store.transaction(() =>
      saveCustomer(ctx, {
        ...customer,
        ...(body.email != null ? { email: body.email, email_verified: false } : {}),
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.billing_name !== undefined ? { billing_name: body.billing_name } : {}),
        ...(body.billing_address !== undefined ? { billing_address: body.billing_address } : {}),
        ...(body.tax_id !== undefined ? { tax_id: taxIdOf(body.tax_id) ?? null } : {}),
      }),
    );
    return json(portalCustomerWire(saved));
  });

  app.get('/v1/customer-portal/customers/me/payment-methods', (c) => {
    const { customer } = ctx.auth.customer(c);
    const query = parseQuery(new URL(c.req.url), pageQuery);
    return json(paginate(db.paymentMethods.byIndex('customer', customer.id), query, paymentMethodWire));
  });

  app.post('/v1/customer-portal/customers/me/payment-methods', async (c) => {
    const { customer } = ctx.auth.customer(c);
    const body = await parseBody(c.req.raw, paymentMethodCreate);
    const outcome = outcomeOfConfirmationToken(body.confirmation_token_id);
    if (outcome === null) throw fieldError(['body', 'confirmation_token_id'], 'Invalid confirmation token.', body.confirmation_token_id);
    if (!outcome.ok) throw namedError(400, 'PaymentError', outcome.declineMessage);
    const method = ctx.store.transaction(() => {
      const now = ctx.now();
      const saved = db.paymentMethods.put({
        id: newId(), created_at: now, modified_at: null, customer_id: customer.id, processor: 'stripe', type: 'card',
        method_metadata: { ...outcome.card, wallet: null },
      });
      if (body.set_default || customer.default_payment_method_id === null) saveCustomer(ctx, { ...customer, default_payment_method_id: saved.id });
      return saved;
    });
    return json({ status: 'succeeded', payment_method: paymentMethodWire(method) }, 201);
  });

  app.delete('/v1/customer-portal/customers/me/payment-methods/:id', (c) => {
    const { customer } = ctx.auth.customer(c);
    const method = db.paymentMethods.get(pathUuid(c.req.param('id')));
    if (method === undefined || method.customer_id !== customer.id) throw notFound();
    ctx.store.transaction(() => {
      db.paymentMethods.delete(method.id);
      if (customer.default_payment_method_id === method.id) saveCustomer(ctx, { ...customer, default_payment_method_id: null });
    });
    return noContent();
  });

  app.get('/v1/customer-portal/organizations/:slug', (c) => {
    const org = db.organizations.oneByIndex('slug', c.req.param('slug'));
    if (org === undefined) throw notFound();
    const products = db.products.byIndex('org', org.id).filter((p) => !p.is_archived);
    return json({ organization: customerOrganizationWire(org), products: products.map((p) => checkoutProductWire(ctx, p)) });
  });
}
