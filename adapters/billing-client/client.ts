import { bindOperations } from './http/bind.js';
import { HttpClient, type HttpClientConfig } from './http/http-client.js';
import { benefitOps } from './resources/benefits.js';
import { checkoutLinkOps } from './resources/checkout-links.js';
import { checkoutOps } from './resources/checkouts.js';
import { customerMeterOps } from './resources/customer-meters.js';
import { customFieldOps } from './resources/custom-fields.js';
import { eventOps } from './resources/events.js';
import { fileOps } from './resources/files.js';
import { licenseKeyOps } from './resources/license-keys.js';
import { meterQuantityOps } from './resources/meter-quantities.js';
import { metricOps } from './resources/metrics.js';
import { oauth2Ops } from './resources/oauth2.js';
import { orderOps } from './resources/orders.js';
import { organizationOps } from './resources/organizations.js';
import { paymentOps } from './resources/payments.js';
import { refundOps } from './resources/refunds.js';
import { webhookOps } from './resources/webhooks.js';
import { customerPortalOps } from './resources/customer-portal.js';
import { customerSessionOps } from './resources/customer-sessions.js';
import { customerOps } from './resources/customers.js';
import { discountOps } from './resources/discounts.js';
import { productOps } from './resources/products.js';
import { subscriptionOps } from './resources/subscriptions.js';

/** Billing API servers (reference §1 "Servers"); any other absolute URL works too (the local sandbox). */
export const SERVERS = {
  production: 'https://api.polar.sh',
  sandbox: 'https://sandbox-api.polar.sh',
} as const;

export type ServerName = keyof typeof SERVERS;

export interface BillingClientConfig extends Omit<HttpClientConfig, 'serverUrl'> {
  /** `production` (default), `sandbox`, or an absolute URL. */
  readonly server?: ServerName | (string & {});
}

export function serverUrl(server: BillingClientConfig['server']): string {
  if (server === undefined) return SERVERS.production;
  if (server === 'production' || server === 'sandbox') return SERVERS[server as ServerName];
  return new URL(server).toString();
}

/**
 * Every operation of the billing API, grouped as the client groups its methods (one table per
 * `resources/<resource>.ts`; the customer portal nests one table per area).
 */
export const billingOperations = {
  benefits: benefitOps,
  checkoutLinks: checkoutLinkOps,
  checkouts: checkoutOps,
  customerMeters: customerMeterOps,
  customerPortal: customerPortalOps,
  customers: customerOps,
  customerSessions: customerSessionOps,
  customFields: customFieldOps,
  discounts: discountOps,
  events: eventOps,
  files: fileOps,
  licenseKeys: licenseKeyOps,
  /** Of the seller's meter calls, the specs show only the quantities. */
  meters: meterQuantityOps,
  metrics: metricOps,
  oauth2: oauth2Ops,
  orders: orderOps,
  organizations: organizationOps,
  payments: paymentOps,
  products: productOps,
  refunds: refundOps,
  subscriptions: subscriptionOps,
  webhooks: webhookOps,
};

/**
 * Ensemble's typed client of the billing API, grouped by resource (`client.benefits.list(...)`), its
 * methods bound from `billingOperations` (`http/bind.ts`). Server only: it holds the organization access token.
 */
export function createBillingClient(config: BillingClientConfig = {}) {
  const http = new HttpClient({ ...config, serverUrl: serverUrl(config.server) });
  return { http, ...bindOperations(http, billingOperations) };
}

export type BillingClient = ReturnType<typeof createBillingClient>;
