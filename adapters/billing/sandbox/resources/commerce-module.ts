import type { Hono } from 'hono';
import type { SandboxContext } from '../engine/context.js';
import { registerCheckoutLinks } from './checkout-links/routes.js';
import { registerCheckouts } from './checkouts/routes.js';
import { registerClockControl } from './control/clock.js';
import { registerHostedCheckout } from './checkouts/hosted-page.js';
import { registerInvoicePages } from './order-invoices.js';
import { registerOrders } from './orders.js';
import { registerPayments } from './payments.js';
import { registerPortalCommerce } from './portal/commerce-routes.js';
import { registerRefunds } from './refunds.js';
import { revokeSubscription } from './subscriptions/service.js';
import { registerSubscriptions } from './subscriptions/routes.js';
import { hasEnded } from './subscriptions/rules.js';

/**
 * The commerce half of the sandbox: checkouts and their hosted page, checkout links, subscriptions,
 * orders and invoices, payments, refunds, the portal's commerce routes and the clock control.
 * The clock control goes first: it installs the "due work" middleware the later routes rely on.
 */
export function registerCommerce(app: Hono, ctx: SandboxContext): void {
  registerClockControl(app, ctx);
  registerCheckouts(app, ctx);
  registerHostedCheckout(app, ctx);
  registerCheckoutLinks(app, ctx);
  registerSubscriptions(app, ctx);
  registerOrders(app, ctx);
  registerInvoicePages(app, ctx);
  registerPayments(app, ctx);
  registerRefunds(app, ctx);
  registerPortalCommerce(app, ctx);
  // Deleting a customer ends their subscriptions at once (reference §4 "Customers").
  ctx.hooks.customerDeleted.push((customer) => {
    for (const s of ctx.db.subscriptions.byIndex('customer', customer.id)) {
      if (!hasEnded(s)) revokeSubscription(ctx, s);
    }
  });
}
