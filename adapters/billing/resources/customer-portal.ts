import type { HttpClient } from '../http/http-client.js';
import { portalBenefitGrantsResource } from './portal-benefit-grants.js';
import { portalCustomersResource } from './portal-customers.js';
import { portalDownloadablesResource } from './portal-downloadables.js';
import { portalLicenseKeysResource } from './portal-license-keys.js';
import { portalMetersResource } from './portal-meters.js';
import { portalOrdersResource } from './portal-orders.js';
import { portalOrganizationsResource } from './portal-organizations.js';
import { portalSubscriptionsResource } from './portal-subscriptions.js';

/**
 * `client.customerPortal.*`: every call takes `{ customerSession }` first. Part A areas here; part B
 * adds its own (`portal-orders.ts`, `portal-subscriptions.ts`, ...) in the marked block.
 */
export const customerPortalResource = (http: HttpClient) => ({
  benefitGrants: portalBenefitGrantsResource(http),
  downloadables: portalDownloadablesResource(http),
  customerMeters: portalMetersResource(http),
  customers: portalCustomersResource(http),
  licenseKeys: portalLicenseKeysResource(http),
  // --- part B portal areas ---
  orders: portalOrdersResource(http),
  organizations: portalOrganizationsResource(http),
  subscriptions: portalSubscriptionsResource(http),
});
