import { portalBenefitGrantOps } from './portal-benefit-grants.js';
import { portalCustomerOps } from './portal-customers.js';
import { portalDownloadableOps } from './portal-downloadables.js';
import { portalLicenseKeyOps } from './portal-license-keys.js';
import { portalMeterOps } from './portal-meters.js';
import { portalOrderOps } from './portal-orders.js';
import { portalOrganizationOps } from './portal-organizations.js';
import { portalSubscriptionOps } from './portal-subscriptions.js';

/**
 * `client.customerPortal.*`, one area per `portal-*.ts` table: every call authenticated by a customer
 * session takes `{ customerSession }` first.
 */
export const customerPortalOps = {
  benefitGrants: portalBenefitGrantOps,
  downloadables: portalDownloadableOps,
  customerMeters: portalMeterOps,
  customers: portalCustomerOps,
  licenseKeys: portalLicenseKeyOps,
  orders: portalOrderOps,
  organizations: portalOrganizationOps,
  subscriptions: portalSubscriptionOps,
};
