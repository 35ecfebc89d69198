import type { Hono } from 'hono';
import type { SandboxContext } from './engine/context.js';
import { registerCheckoutLinks } from './resources/checkout-links/routes.js';
import { registerHostedCheckout } from './resources/checkouts/hosted-page.js';
import { registerCheckouts } from './resources/checkouts/routes.js';
import { registerClockControl } from './resources/control/clock.js';
import { registerControl } from './resources/control/routes.js';
import { registerCustomerPortal } from './resources/portal/account-routes.js';
import { registerCustomerSessions } from './resources/customer-sessions/routes.js';
import { registerCustomers } from './resources/customers/routes.js';
import { registerDiscounts } from './resources/discounts/routes.js';
import { registerInvoicePages } from './resources/orders/invoices.js';
import { registerOrders } from './resources/orders/routes.js';
import { registerOrganizations } from './resources/organizations/routes.js';
import { registerPayments } from './resources/payments/routes.js';
import { registerPortalCommerce } from './resources/portal/commerce-routes.js';
import { registerPortalPage } from './resources/portal/page.js';
import { registerProducts } from './resources/products/routes.js';
import { registerRefunds } from './resources/refunds/routes.js';
import { registerSubscriptions } from './resources/subscriptions/routes.js';
import { registerWebhooks } from './resources/webhooks/routes.js';
import { PART2_MODULES } from './resources/part2-modules.js';

export type SandboxModule = (app: Hono, ctx: SandboxContext) => void;

/**
 * Every resource module, registered in this order. Each module exports `registerX(app, ctx)`.
 * Catalogue and customers first, then commerce (checkouts, checkout links, subscriptions, orders,
 * payments, refunds, clock control, hosted checkout page, portal extras), then part 2 of the API.
 */
export const SANDBOX_MODULES: readonly SandboxModule[] = [
  registerControl,
  registerOrganizations,
  registerProducts,
  registerDiscounts,
  registerCustomers,
  registerCustomerSessions,
  registerCustomerPortal,
  registerPortalPage,
  registerWebhooks,
  // Commerce. The clock control goes first: it installs the due-work middleware the later routes rely on.
  registerClockControl,
  registerCheckouts,
  registerHostedCheckout,
  registerCheckoutLinks,
  registerSubscriptions,
  registerOrders,
  registerInvoicePages,
  registerPayments,
  registerRefunds,
  registerPortalCommerce,
  // --- part 2 (benefits to OAuth2) ---
  ...PART2_MODULES,
];
