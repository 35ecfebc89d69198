import type { Hono } from 'hono';
import type { SandboxContext } from './engine/context.js';
import { registerBenefitGranting } from './resources/benefits/granting.js';
import { registerBenefits } from './resources/benefits/routes.js';
import { registerCheckoutLinks } from './resources/checkout-links/routes.js';
import { registerHostedCheckout } from './resources/checkouts/hosted-page.js';
import { registerCheckouts } from './resources/checkouts/routes.js';
import { registerClockControl } from './resources/control/clock-routes.js';
import { registerControl } from './resources/control/routes.js';
import { registerCustomFields } from './resources/custom-fields/routes.js';
import { registerCustomerSessions } from './resources/customer-sessions/routes.js';
import { registerCustomers } from './resources/customers/routes.js';
import { registerDiscounts } from './resources/discounts/routes.js';
import { registerFiles } from './resources/files/routes.js';
import { registerLicenseKeys } from './resources/license-keys/routes.js';
import { registerMetrics } from './resources/metrics/routes.js';
import { registerOAuth2 } from './resources/oauth2/routes.js';
import { registerInvoicePages } from './resources/orders/invoices.js';
import { registerOrders } from './resources/orders/routes.js';
import { registerOrganizations } from './resources/organizations/routes.js';
import { registerPayments } from './resources/payments/routes.js';
import { registerCustomerPortal } from './resources/portal/account-routes.js';
import { registerPortalBenefits } from './resources/portal/benefit-routes.js';
import { registerPortalCommerce } from './resources/portal/commerce-routes.js';
import { registerPortalPage } from './resources/portal/page.js';
import { registerProducts } from './resources/products/routes.js';
import { registerRefunds } from './resources/refunds/routes.js';
import { registerSubscriptions } from './resources/subscriptions/routes.js';
import { registerCustomerMeters } from './resources/usage/customer-meters-routes.js';
import { registerEvents } from './resources/usage/events-routes.js';
import { registerMeters } from './resources/usage/meters-routes.js';
import { registerWebhooks } from './resources/webhooks/routes.js';

export type SandboxModule = (app: Hono, ctx: SandboxContext) => void;

/**
 * Every module, registered in this order; each exports `registerX(app, ctx)` (tests may append
 * theirs through `createSandboxApp({ modules })`).
 */
export const SANDBOX_MODULES: readonly SandboxModule[] = [
  // Platform, catalogue, customers and their portal.
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
  // OAuth2 decorates ctx.auth when it registers, so its access tokens work on every module's routes.
  registerOAuth2,
  // Benefits and what their grants do (hooks only), license keys, usage metering, files, custom fields, metrics.
  (_app, ctx) => registerBenefitGranting(ctx),
  registerBenefits,
  registerPortalBenefits,
  registerLicenseKeys,
  registerMeters,
  registerEvents,
  registerCustomerMeters,
  registerFiles,
  registerCustomFields,
  registerMetrics,
];
