import { BenefitGrant$inboundSchema } from '@polar-sh/sdk/models/components/benefitgrant.js';
import { CustomerBenefitGrant$inboundSchema } from '@polar-sh/sdk/models/components/customerbenefitgrant.js';
import { Benefit$inboundSchema } from '@polar-sh/sdk/models/components/benefit.js';
import { CheckoutLink$inboundSchema } from '@polar-sh/sdk/models/components/checkoutlink.js';
import { CheckoutPublic$inboundSchema } from '@polar-sh/sdk/models/components/checkoutpublic.js';
import { Checkout$inboundSchema } from '@polar-sh/sdk/models/components/checkout.js';
import { CustomField$inboundSchema } from '@polar-sh/sdk/models/components/customfield.js';
import { CustomerState$inboundSchema } from '@polar-sh/sdk/models/components/customerstate.js';
import { Customer$inboundSchema } from '@polar-sh/sdk/models/components/customer.js';
import { CustomerPortalCustomer$inboundSchema } from '@polar-sh/sdk/models/components/customerportalcustomer.js';
import { CustomerSession$inboundSchema } from '@polar-sh/sdk/models/components/customersession.js';
import { Discount$inboundSchema } from '@polar-sh/sdk/models/components/discount.js';
import { Event$inboundSchema } from '@polar-sh/sdk/models/components/event.js';
import { EventName$inboundSchema } from '@polar-sh/sdk/models/components/eventname.js';
import { DownloadableFileRead$inboundSchema } from '@polar-sh/sdk/models/components/downloadablefileread.js';
import { FileUpload$inboundSchema } from '@polar-sh/sdk/models/components/fileupload.js';
import { LicenseKeyRead$inboundSchema } from '@polar-sh/sdk/models/components/licensekeyread.js';
import { LicenseKeyActivationRead$inboundSchema } from '@polar-sh/sdk/models/components/licensekeyactivationread.js';
import { Meter$inboundSchema } from '@polar-sh/sdk/models/components/meter.js';
import { CustomerMeter$inboundSchema } from '@polar-sh/sdk/models/components/customermeter.js';
import { MeterQuantities$inboundSchema } from '@polar-sh/sdk/models/components/meterquantities.js';
import { MetricsResponse$inboundSchema } from '@polar-sh/sdk/models/components/metricsresponse.js';
import { MetricsLimits$inboundSchema } from '@polar-sh/sdk/models/components/metricslimits.js';
import { Oauth2AuthorizeResponseOauth2Authorize$inboundSchema } from '@polar-sh/sdk/models/operations/oauth2authorize.js';
import { TokenResponse$inboundSchema } from '@polar-sh/sdk/models/components/tokenresponse.js';
import { IntrospectTokenResponse$inboundSchema } from '@polar-sh/sdk/models/components/introspecttokenresponse.js';
import { Oauth2UserinfoResponseOauth2Userinfo$inboundSchema } from '@polar-sh/sdk/models/operations/oauth2userinfo.js';
import { Order$inboundSchema } from '@polar-sh/sdk/models/components/order.js';
import { CustomerOrder$inboundSchema } from '@polar-sh/sdk/models/components/customerorder.js';
import { Organization$inboundSchema } from '@polar-sh/sdk/models/components/organization.js';
import { CustomerSubscription$inboundSchema } from '@polar-sh/sdk/models/components/customersubscription.js';
import { CustomerOrganization$inboundSchema } from '@polar-sh/sdk/models/components/customerorganization.js';
import { Payment$inboundSchema } from '@polar-sh/sdk/models/components/payment.js';
import { DownloadableRead$inboundSchema } from '@polar-sh/sdk/models/components/downloadableread.js';
import { CustomerPaymentMethod$inboundSchema } from '@polar-sh/sdk/models/components/customerpaymentmethod.js';
import { Product$inboundSchema } from '@polar-sh/sdk/models/components/product.js';
import { DiscountProduct$inboundSchema } from '@polar-sh/sdk/models/components/discountproduct.js';
import { CheckoutProduct$inboundSchema } from '@polar-sh/sdk/models/components/checkoutproduct.js';
import { Refund$inboundSchema } from '@polar-sh/sdk/models/components/refund.js';
import { Subscription$inboundSchema } from '@polar-sh/sdk/models/components/subscription.js';
import { WebhookEndpoint$inboundSchema } from '@polar-sh/sdk/models/components/webhookendpoint.js';
import { WebhookDelivery$inboundSchema } from '@polar-sh/sdk/models/components/webhookdelivery.js';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { benefit, benefitGrant, portalBenefitGrant, portalCustomer, checkout, checkoutPublic, checkoutLink, customField, customer, customerState, customerSession, discount, event, eventName, fileRead, fileUpload, licenseKey, licenseKeyActivation, customerMeter, meter, meterQuantities, metricsLimits, metricsResponse, authorizeResponse, introspectTokenResponse, tokenResponse, userInfo, order, organization, payment, downloadable, paymentMethod, customerOrder, customerOrganization, customerSubscription, checkoutProduct, product, productSummary, refund, subscription, webhookDelivery, webhookEndpoint } from '@ensemble/billing-client/schemas';
import { benefitGrantWire, portalBenefitGrantWire } from '../../support/billing-fixtures/benefit-grants.js';
import { benefitWire } from '../../support/billing-fixtures/benefits.js';
import { checkoutLinkWire } from '../../support/billing-fixtures/checkout-links.js';
import { checkoutPublicWire, checkoutWire } from '../../support/billing-fixtures/checkouts.js';
import { selectFieldWire, textFieldWire } from '../../support/billing-fixtures/custom-fields.js';
import { customerStateWire } from '../../support/billing-fixtures/customer-state.js';
import { customerSessionWire, customerWire, portalCustomerWire } from '../../support/billing-fixtures/customers.js';
import { discountWire, fixedDiscountWire } from '../../support/billing-fixtures/discounts.js';
import { eventNameWire, systemEventWire, userEventWire } from '../../support/billing-fixtures/events.js';
import { downloadableFileWire, fileUploadWire } from '../../support/billing-fixtures/files.js';
import { activationWire, licenseKeyWire } from '../../support/billing-fixtures/license-keys.js';
import { customerMeterWire, meterQuantitiesWire, meterWire } from '../../support/billing-fixtures/meters.js';
import { metricsLimitsWire, metricsWire } from '../../support/billing-fixtures/metrics.js';
import { authorizeOrganizationWire, introspectWire, tokenWire, userInfoWire } from '../../support/billing-fixtures/oauth2.js';
import { customerOrderWire, orderWire } from '../../support/billing-fixtures/orders.js';
import { customerOrganizationWire, organizationWire } from '../../support/billing-fixtures/organizations.js';
import { cardPaymentWire, genericPaymentWire } from '../../support/billing-fixtures/payments.js';
import { cardPaymentMethodWire, downloadableWire } from '../../support/billing-fixtures/portal-account.js';
import { checkoutProductWire, productSummaryWire, productWire } from '../../support/billing-fixtures/products.js';
import { refundWire } from '../../support/billing-fixtures/refunds.js';
import { customerSubscriptionWire, subscriptionWire } from '../../support/billing-fixtures/subscriptions.js';
import { CREATED, PRODUCT_ID, SUBSCRIPTION_ID } from '../../support/billing-fixtures/ids.js';
import { webhookDeliveryWire, webhookEndpointWire } from '../../support/billing-fixtures/webhooks.js';
import { issueLines, looserThanSdk, sdkParse, type SdkSchema } from '../../integration/billing-sdk-oracle/oracle.js';

/**
 * The wire fixtures the unit tests feed the client are realistic: each parses with the official SDK's
 * inbound schema for that model and with the client's schema, and the client refuses each fixture the
 * SDK refuses for a missing key. A fixture the SDK would reject cannot hide a loose client schema.
 */
const FIXTURES: [string, () => unknown, SdkSchema, z.ZodType][] = [
  ['benefit', benefitWire, Benefit$inboundSchema, benefit],
  ['benefit grant', benefitGrantWire, BenefitGrant$inboundSchema, benefitGrant],
  ['portal benefit grant', portalBenefitGrantWire, CustomerBenefitGrant$inboundSchema, portalBenefitGrant],
  ['checkout link', checkoutLinkWire, CheckoutLink$inboundSchema, checkoutLink],
  ['checkout (public)', checkoutPublicWire, CheckoutPublic$inboundSchema, checkoutPublic],
  ['checkout (seller)', checkoutWire, Checkout$inboundSchema, checkout],
  ['custom field (select)', selectFieldWire, CustomField$inboundSchema, customField],
  ['custom field (text)', textFieldWire, CustomField$inboundSchema, customField],
  ['customer', customerWire, Customer$inboundSchema, customer],
  ['customer state', customerStateWire, CustomerState$inboundSchema, customerState],
  ['portal customer', portalCustomerWire, CustomerPortalCustomer$inboundSchema, portalCustomer],
  ['customer session', customerSessionWire, CustomerSession$inboundSchema, customerSession],
  ['discount (percentage)', discountWire, Discount$inboundSchema, discount],
  ['discount (fixed)', fixedDiscountWire, Discount$inboundSchema, discount],
  ['user event', userEventWire, Event$inboundSchema, event],
  ['system event', systemEventWire, Event$inboundSchema, event],
  ['event name', eventNameWire, EventName$inboundSchema, eventName],
  ['downloadable file', downloadableFileWire, DownloadableFileRead$inboundSchema, fileRead],
  ['file upload', fileUploadWire, FileUpload$inboundSchema, fileUpload],
  ['license key', licenseKeyWire, LicenseKeyRead$inboundSchema, licenseKey],
  ['license key activation', activationWire, LicenseKeyActivationRead$inboundSchema, licenseKeyActivation],
  ['meter', meterWire, Meter$inboundSchema, meter],
  ['customer meter', customerMeterWire, CustomerMeter$inboundSchema, customerMeter],
  ['meter quantities', meterQuantitiesWire, MeterQuantities$inboundSchema, meterQuantities],
  ['metrics', metricsWire, MetricsResponse$inboundSchema, metricsResponse],
  ['metrics limits', metricsLimitsWire, MetricsLimits$inboundSchema, metricsLimits],
  ['OAuth2 authorize', authorizeOrganizationWire, Oauth2AuthorizeResponseOauth2Authorize$inboundSchema, authorizeResponse],
  ['OAuth2 token', tokenWire, TokenResponse$inboundSchema, tokenResponse],
  ['OAuth2 introspection', introspectWire, IntrospectTokenResponse$inboundSchema, introspectTokenResponse],
  ['OAuth2 userinfo', userInfoWire, Oauth2UserinfoResponseOauth2Userinfo$inboundSchema, userInfo],
  ['order', orderWire, Order$inboundSchema, order],
  ['portal order', customerOrderWire, CustomerOrder$inboundSchema, customerOrder],
  ['organization', organizationWire, Organization$inboundSchema, organization],
  ['portal organization', customerOrganizationWire, CustomerOrganization$inboundSchema, customerOrganization],
  ['card payment', cardPaymentWire, Payment$inboundSchema, payment],
  ['generic payment', genericPaymentWire, Payment$inboundSchema, payment],
  ['downloadable', downloadableWire, DownloadableRead$inboundSchema, downloadable],
  ['card payment method', cardPaymentMethodWire, CustomerPaymentMethod$inboundSchema, paymentMethod],
  ['product', productWire, Product$inboundSchema, product],
  ['product in a discount', productSummaryWire, DiscountProduct$inboundSchema, productSummary],
  ['product in a checkout', checkoutProductWire, CheckoutProduct$inboundSchema, checkoutProduct],
  ['refund', refundWire, Refund$inboundSchema, refund],
  ['subscription', subscriptionWire, Subscription$inboundSchema, subscription],
  ['portal subscription', customerSubscriptionWire, CustomerSubscription$inboundSchema, customerSubscription],
  ['subscription with a pending plan change', () => subscriptionWire({ pending_update: { id: SUBSCRIPTION_ID, created_at: CREATED, modified_at: null, applies_at: '2026-04-01T10:15:30Z', product_id: PRODUCT_ID, seats: null } }), Subscription$inboundSchema, subscription],
  ['webhook endpoint', webhookEndpointWire, WebhookEndpoint$inboundSchema, webhookEndpoint],
  ['webhook delivery', webhookDeliveryWire, WebhookDelivery$inboundSchema, webhookDelivery],
];

describe('billing wire fixtures parse with the official SDK and the client alike', () => {
  it.each(FIXTURES)('%s', (_name, build, sdk, client) => {
    const body = build();
    const problems: string[] = [];
    const { parsed: bySdk, unknownValues } = sdkParse(sdk, body);
    if (!bySdk.success) problems.push(`the SDK refuses it: ${[...new Set(issueLines(bySdk.error.issues))].join('; ')}`);
    else if (unknownValues > 0) problems.push(`the SDK reads ${unknownValues} enum value(s) it does not know (a fixture uses known values)`);
    const byClient = client.safeParse(body);
    if (!byClient.success) problems.push(`the client refuses it: ${[...new Set(issueLines(byClient.error.issues))].join('; ')}`);
    if (bySdk.success) {
      const loose = looserThanSdk(sdk, client, body);
      if (loose.length > 0) problems.push(`the client lets go of keys the SDK requires: ${loose.join(', ')}`);
    }
    // One readable line per problem (a deep-equal diff would truncate them).
    if (problems.length > 0) throw new Error(problems.join('\n'));
  });
});

type Path = (string | number)[];

/** Every string of a JSON value that reads like an enum value (`percentage`, `not_like`), with its path. */
function enumLikeStrings(value: unknown, path: Path = []): { path: Path; value: string }[] {
  if (typeof value === 'string') return /^[a-z][a-z0-9_]*$/.test(value) ? [{ path, value }] : [];
  if (Array.isArray(value)) return value.flatMap((item, i) => enumLikeStrings(item, [...path, i]));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, item]) => enumLikeStrings(item, [...path, key]));
}

function withValue(body: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const step of path.slice(0, -1)) node = node[step] as Record<string | number, unknown>;
  node[path[path.length - 1] as string | number] = value;
  return copy;
}

const sdkAccepts = (sdk: SdkSchema, body: unknown): boolean => {
  try {
    return sdk.safeParse(body).success;
  } catch {
    return false; // a few SDK transforms throw on a malformed value (RFCDate) instead of reporting it
  }
};

/**
 * Keys the specs close although SDK 0.48 reads them as open enums: billing-api-part-a.md §5 "the filter conjunction
 * must be and or or" (and the aggregation function, a literal in the SDK too). The client refuses a
 * new value there; the test checks that it still does, so this list cannot go stale.
 */
const CLOSED_BY_SPEC = new Set(['conjunction']);
const NEW_VALUE = 'added_by_the_provider_later';

describe('a new enum value the official SDK accepts, the client accepts too (open enums)', () => {
  it.each(FIXTURES)('%s', (_name, build, sdk, client) => {
    const body = build();
    const refused: string[] = [];
    const closedOpen: string[] = [];
    for (const { path, value } of enumLikeStrings(body)) {
      const changed = withValue(body, path, NEW_VALUE);
      if (!sdkAccepts(sdk, changed)) continue;
      const at = `${path.join('.')} (${value} → ${NEW_VALUE})`;
      const accepted = client.safeParse(changed).success;
      if (CLOSED_BY_SPEC.has(String(path[path.length - 1]))) {
        if (accepted) closedOpen.push(at);
      } else if (!accepted) refused.push(at);
    }
    expect(refused, 'the SDK accepts these new values and the client refuses the whole answer').toEqual([]);
    expect(closedOpen, 'the specs close these keys: the client must refuse a new value').toEqual([]);
  });

  it('swaps enum values in most fixtures, discount types and durations, customer types, file services and filter operators among them', () => {
    const swapped = FIXTURES.flatMap(([name, build, sdk]) => {
      const body = build();
      return enumLikeStrings(body)
        .filter(({ path }) => sdkAccepts(sdk, withValue(body, path, NEW_VALUE)))
        .map(({ path }) => `${name}: ${path.filter((p) => typeof p === 'string').join('.')}`);
    });
    expect(new Set(swapped.map((s) => s.split(':')[0])).size).toBeGreaterThan(20);
    expect(swapped).toEqual(
      expect.arrayContaining([
        'discount (fixed): type',
        'discount (fixed): duration',
        'checkout (seller): discount.type',
        'checkout link: discount.duration',
        'subscription: discount.type',
        'order: customer.type',
        'subscription: customer.type',
        'downloadable: file.service',
        'meter: filter.clauses.operator',
        'meter: filter.conjunction',
      ]),
    );
  });
});
