import { CustomerPortalBenefitGrantsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportalbenefitgrantslist.js';
import { CustomerBenefitGrant$inboundSchema } from '@polar-sh/sdk/models/components/customerbenefitgrant.js';
import { CustomerPortalDownloadablesListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportaldownloadableslist.js';
import { CustomerPortalCustomerMetersListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportalcustomermeterslist.js';
import { CustomerCustomerMeter$inboundSchema } from '@polar-sh/sdk/models/components/customercustomermeter.js';
import { CustomerPortalCustomer$inboundSchema } from '@polar-sh/sdk/models/components/customerportalcustomer.js';
import { CustomerPortalCustomersListPaymentMethodsResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportalcustomerslistpaymentmethods.js';
import { CustomerPaymentMethodCreateResponse$inboundSchema } from '@polar-sh/sdk/models/components/customerpaymentmethodcreateresponse.js';
import { CustomerPortalLicenseKeysListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportallicensekeyslist.js';
import { LicenseKeyWithActivations$inboundSchema } from '@polar-sh/sdk/models/components/licensekeywithactivations.js';
import { ValidatedLicenseKey$inboundSchema } from '@polar-sh/sdk/models/components/validatedlicensekey.js';
import { LicenseKeyActivationRead$inboundSchema } from '@polar-sh/sdk/models/components/licensekeyactivationread.js';
import { CustomerPortalOrdersListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportalorderslist.js';
import { CustomerOrder$inboundSchema } from '@polar-sh/sdk/models/components/customerorder.js';
import { CustomerOrderInvoice$inboundSchema } from '@polar-sh/sdk/models/components/customerorderinvoice.js';
import { CustomerOrganizationData$inboundSchema } from '@polar-sh/sdk/models/components/customerorganizationdata.js';
import { CustomerPortalSubscriptionsListResponse$inboundSchema } from '@polar-sh/sdk/models/operations/customerportalsubscriptionslist.js';
import { CustomerSubscription$inboundSchema } from '@polar-sh/sdk/models/components/customersubscription.js';
import { portalBenefitGrant, portalCustomer, listResource, licenseKey, licenseKeyActivation, licenseKeyWithActivations, validatedLicenseKey, portalCustomerMeter, orderInvoice, downloadable, paymentMethod, paymentMethodCreateResponse, customerOrder, customerOrganizationData, customerSubscription } from '@ensemble/billing-client/schemas';
import { SUCCESS_TOKEN } from '../../billing-sandbox/commerce-harness.js';
import { purchase } from '../../billing-sandbox/benefits-usage-harness.js';
import { oracleGroup, sdkAnyJson, sdkEmpty, sdkJson, sdkPage } from '../oracle.js';
import { cases, closeWorld, created, newProduct, portal, richBuyer, startWorld, type OracleWorld } from '../world.js';

type Items = { items: { id: string; benefit?: { type: string } }[] };
const firstOrder = async (w: OracleWorld, session: string) => (created<Items>(await portal(w, 'GET', '/v1/customer-portal/orders/', undefined, session), 200).items[0]?.id as string);

/** The customer portal, on the customer session of a buyer (billing-api-part-a.md and billing-api-part-b.md §7). */
export const portalGroup = oracleGroup<OracleWorld>({
  name: 'customer portal',
  start: startWorld,
  close: closeWorld,
  operations: [
    {
      call: 'GET /v1/customer-portal/benefit-grants/',
      sdk: sdkPage('CustomerPortalBenefitGrantsListResponse', CustomerPortalBenefitGrantsListResponse$inboundSchema),
      client: listResource(portalBenefitGrant),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'every benefit type': portal(w, 'GET', '/v1/customer-portal/benefit-grants/?limit=100', undefined, rich.buyer.session), 'plan benefits': portal(w, 'GET', '/v1/customer-portal/benefit-grants/?sorting=type') });
      },
    },
    {
      call: 'GET /v1/customer-portal/benefit-grants/{id}',
      sdk: sdkJson(200, 'CustomerBenefitGrant', CustomerBenefitGrant$inboundSchema),
      client: portalBenefitGrant,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const grants = created<Items>(await portal(w, 'GET', '/v1/customer-portal/benefit-grants/?limit=100', undefined, rich.buyer.session), 200);
        return cases(Object.fromEntries(grants.items.map((g) => [g.benefit?.type, portal(w, 'GET', `/v1/customer-portal/benefit-grants/${g.id}`, undefined, rich.buyer.session)])));
      },
    },
    {
      call: 'PATCH /v1/customer-portal/benefit-grants/{id}',
      sdk: sdkJson(200, 'CustomerBenefitGrant', CustomerBenefitGrant$inboundSchema),
      client: portalBenefitGrant,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const grants = created<Items>(await portal(w, 'GET', '/v1/customer-portal/benefit-grants/?limit=100', undefined, rich.buyer.session), 200);
        const of = (type: string) => grants.items.find((g) => g.benefit?.type === type)?.id as string;
        return cases({
          discord: portal(w, 'PATCH', `/v1/customer-portal/benefit-grants/${of('discord')}`, { benefit_type: 'discord', properties: { account_id: 'discord-user-7' } }, rich.buyer.session),
          github_repository: portal(w, 'PATCH', `/v1/customer-portal/benefit-grants/${of('github_repository')}`, { benefit_type: 'github_repository', properties: { account_id: 'gh-user-7' } }, rich.buyer.session),
          custom: portal(w, 'PATCH', `/v1/customer-portal/benefit-grants/${of('custom')}`, { benefit_type: 'custom' }, rich.buyer.session),
        });
      },
    },
    {
      call: 'GET /v1/customer-portal/downloadables/',
      sdk: sdkPage('CustomerPortalDownloadablesListResponse', CustomerPortalDownloadablesListResponse$inboundSchema),
      client: listResource(downloadable),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'one file': portal(w, 'GET', '/v1/customer-portal/downloadables/', undefined, rich.buyer.session), none: portal(w, 'GET', '/v1/customer-portal/downloadables/') });
      },
    },
    {
      call: 'GET /v1/customer-portal/meters/',
      sdk: sdkPage('CustomerPortalCustomerMetersListResponse', CustomerPortalCustomerMetersListResponse$inboundSchema),
      client: listResource(portalCustomerMeter),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'one meter': portal(w, 'GET', '/v1/customer-portal/meters/?sorting=meter_name', undefined, rich.buyer.session) });
      },
    },
    {
      call: 'GET /v1/customer-portal/meters/{id}',
      sdk: sdkJson(200, 'CustomerCustomerMeter', CustomerCustomerMeter$inboundSchema),
      client: portalCustomerMeter,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const page = created<Items>(await portal(w, 'GET', '/v1/customer-portal/meters/', undefined, rich.buyer.session), 200);
        return cases({ 'used and credited': portal(w, 'GET', `/v1/customer-portal/meters/${page.items[0]?.id}`, undefined, rich.buyer.session) });
      },
    },
    {
      call: 'GET /v1/customer-portal/customers/me',
      sdk: sdkJson(200, 'CustomerPortalCustomer', CustomerPortalCustomer$inboundSchema),
      client: portalCustomer,
      cases: (w) => cases({ buyer: portal(w, 'GET', '/v1/customer-portal/customers/me') }),
    },
    {
      call: 'PATCH /v1/customer-portal/customers/me',
      sdk: sdkJson(200, 'CustomerPortalCustomer', CustomerPortalCustomer$inboundSchema),
      client: portalCustomer,
      cases: (w) => cases({
        'name and address': portal(w, 'PATCH', '/v1/customer-portal/customers/me', { name: 'Ada L.', billing_address: { country: 'FR', line1: '1 rue de Rivoli', city: 'Paris', postal_code: '75001' } }),
        'tax id': portal(w, 'PATCH', '/v1/customer-portal/customers/me', { billing_name: 'Ada SARL', tax_id: 'FR40303265045' }),
      }),
    },
    {
      call: 'POST /v1/customer-portal/customers/me/payment-methods',
      sdk: sdkJson(201, 'CustomerPaymentMethodCreateResponse', CustomerPaymentMethodCreateResponse$inboundSchema),
      client: paymentMethodCreateResponse,
      cases: (w) => cases({ succeeded: portal(w, 'POST', '/v1/customer-portal/customers/me/payment-methods', { confirmation_token_id: SUCCESS_TOKEN, set_default: true, return_url: 'http://localhost:3000/account' }) }),
    },
    {
      call: 'GET /v1/customer-portal/customers/me/payment-methods',
      sdk: sdkPage('CustomerPortalCustomersListPaymentMethodsResponse', CustomerPortalCustomersListPaymentMethodsResponse$inboundSchema),
      client: listResource(paymentMethod),
      cases: (w) => cases({ 'cards on file': portal(w, 'GET', '/v1/customer-portal/customers/me/payment-methods') }),
    },
    {
      call: 'DELETE /v1/customer-portal/customers/me/payment-methods/{id}',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const added = created<{ payment_method: { id: string } }>(await portal(w, 'POST', '/v1/customer-portal/customers/me/payment-methods', { confirmation_token_id: SUCCESS_TOKEN, set_default: false, return_url: 'http://localhost:3000/account' }));
        return cases({ deleted: portal(w, 'DELETE', `/v1/customer-portal/customers/me/payment-methods/${added.payment_method.id}`) });
      },
    },
    {
      call: 'GET /v1/customer-portal/license-keys/',
      sdk: sdkPage('CustomerPortalLicenseKeysListResponse', CustomerPortalLicenseKeysListResponse$inboundSchema),
      client: listResource(licenseKey),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'one key': portal(w, 'GET', '/v1/customer-portal/license-keys/', undefined, rich.buyer.session) });
      },
    },
    {
      call: 'GET /v1/customer-portal/license-keys/{id}',
      sdk: sdkJson(200, 'LicenseKeyWithActivations', LicenseKeyWithActivations$inboundSchema),
      client: licenseKeyWithActivations,
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'with an activation': portal(w, 'GET', `/v1/customer-portal/license-keys/${rich.licenseKey.id}`, undefined, rich.buyer.session) });
      },
    },
    {
      call: 'POST /v1/customer-portal/license-keys/validate',
      sdk: sdkJson(200, 'ValidatedLicenseKey', ValidatedLicenseKey$inboundSchema),
      client: validatedLicenseKey,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const key = { key: rich.licenseKey.key, organization_id: w.t.seed.organizationId };
        return cases({
          'key only': w.t.api('POST', '/v1/customer-portal/license-keys/validate', key, null),
          'with its activation, usage counted': w.t.api('POST', '/v1/customer-portal/license-keys/validate', { ...key, activation_id: rich.activationId, increment_usage: 1 }, null),
        });
      },
    },
    {
      call: 'POST /v1/customer-portal/license-keys/activate',
      sdk: sdkJson(200, 'LicenseKeyActivationRead', LicenseKeyActivationRead$inboundSchema),
      client: licenseKeyActivation,
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ 'second device': w.t.api('POST', '/v1/customer-portal/license-keys/activate', { key: rich.licenseKey.key, organization_id: w.t.seed.organizationId, label: 'desktop', conditions: { os: 'mac' }, meta: { host: 'studio' } }, null) });
      },
    },
    {
      call: 'POST /v1/customer-portal/license-keys/deactivate',
      sdk: sdkEmpty(),
      cases: async (w) => {
        const rich = await richBuyer(w);
        const key = created<{ activations: { id: string }[] }>(await portal(w, 'GET', `/v1/customer-portal/license-keys/${rich.licenseKey.id}`, undefined, rich.buyer.session), 200);
        const last = key.activations[key.activations.length - 1]?.id;
        return cases({ deactivated: w.t.api('POST', '/v1/customer-portal/license-keys/deactivate', { key: rich.licenseKey.key, organization_id: w.t.seed.organizationId, activation_id: last }, null) });
      },
    },
    {
      call: 'GET /v1/customer-portal/orders/',
      sdk: sdkPage('CustomerPortalOrdersListResponse', CustomerPortalOrdersListResponse$inboundSchema),
      client: listResource(customerOrder),
      cases: async (w) => {
        const oneTime = await newProduct(w, [{ amount_type: 'fixed', price_amount: 900, price_currency: 'usd' }]);
        const other = await purchase(w.t, oneTime.id, 'portal-one-time');
        return cases({ 'subscription order': portal(w, 'GET', '/v1/customer-portal/orders/'), 'one-time order': portal(w, 'GET', '/v1/customer-portal/orders/', undefined, other.session) });
      },
    },
    {
      call: 'GET /v1/customer-portal/orders/{id}',
      sdk: sdkJson(200, 'CustomerOrder', CustomerOrder$inboundSchema),
      client: customerOrder,
      cases: async (w) => cases({ 'subscription order': portal(w, 'GET', `/v1/customer-portal/orders/${await firstOrder(w, w.buyer.session)}`) }),
    },
    {
      call: 'PATCH /v1/customer-portal/orders/{id}',
      sdk: sdkJson(200, 'CustomerOrder', CustomerOrder$inboundSchema),
      client: customerOrder,
      cases: async (w) => cases({
        'billing details': portal(w, 'PATCH', `/v1/customer-portal/orders/${await firstOrder(w, w.buyer.session)}`, { billing_name: 'Ada Lovelace', billing_address: { country: 'FR', line1: '1 rue de Rivoli', city: 'Paris', postal_code: '75001' } }),
      }),
    },
    {
      call: 'POST /v1/customer-portal/orders/{id}/invoice',
      sdk: sdkAnyJson(202),
      cases: async (w) => cases({ generated: portal(w, 'POST', `/v1/customer-portal/orders/${await firstOrder(w, w.buyer.session)}/invoice`) }),
    },
    {
      call: 'GET /v1/customer-portal/orders/{id}/invoice',
      sdk: sdkJson(200, 'CustomerOrderInvoice', CustomerOrderInvoice$inboundSchema),
      client: orderInvoice,
      cases: async (w) => {
        const id = await firstOrder(w, w.buyer.session);
        await portal(w, 'POST', `/v1/customer-portal/orders/${id}/invoice`);
        return cases({ url: portal(w, 'GET', `/v1/customer-portal/orders/${id}/invoice`) });
      },
    },
    {
      call: 'GET /v1/customer-portal/organizations/{slug}',
      sdk: sdkJson(200, 'CustomerOrganizationData', CustomerOrganizationData$inboundSchema),
      client: customerOrganizationData,
      cases: async (w) => {
        await richBuyer(w);
        return cases({ storefront: w.t.api('GET', `/v1/customer-portal/organizations/${w.t.seed.organizationSlug}`, undefined, null) });
      },
    },
    {
      call: 'GET /v1/customer-portal/subscriptions/',
      sdk: sdkPage('CustomerPortalSubscriptionsListResponse', CustomerPortalSubscriptionsListResponse$inboundSchema),
      client: listResource(customerSubscription),
      cases: async (w) => {
        const rich = await richBuyer(w);
        return cases({ active: portal(w, 'GET', '/v1/customer-portal/subscriptions/'), 'with benefits and meters': portal(w, 'GET', '/v1/customer-portal/subscriptions/', undefined, rich.buyer.session) });
      },
    },
    {
      call: 'GET /v1/customer-portal/subscriptions/{id}',
      sdk: sdkJson(200, 'CustomerSubscription', CustomerSubscription$inboundSchema),
      client: customerSubscription,
      cases: async (w) => {
        const rich = await richBuyer(w);
        const out = await cases({ active: portal(w, 'GET', `/v1/customer-portal/subscriptions/${w.buyer.subscriptionId}`), 'with meters': portal(w, 'GET', `/v1/customer-portal/subscriptions/${rich.buyer.subscriptionId}`, undefined, rich.buyer.session) });
        const pro = await newProduct(w, [{ amount_type: 'fixed', price_amount: 4000, price_currency: 'usd' }], 'month');
        created(await w.t.api('PATCH', `/v1/subscriptions/${w.buyer.subscriptionId}`, { product_id: pro.id, proration_behavior: 'next_period' }), 200);
        out.push(...(await cases({ 'with a pending plan change': portal(w, 'GET', `/v1/customer-portal/subscriptions/${w.buyer.subscriptionId}`) })));
        return out;
      },
    },
    {
      call: 'PATCH /v1/customer-portal/subscriptions/{id}',
      sdk: sdkJson(200, 'CustomerSubscription', CustomerSubscription$inboundSchema),
      client: customerSubscription,
      cases: async (w) => {
        const id = w.buyer.subscriptionId as string;
        const out = await cases({
          'set to cancel': portal(w, 'PATCH', `/v1/customer-portal/subscriptions/${id}`, { cancel_at_period_end: true, cancellation_reason: 'too_expensive', cancellation_comment: 'Later' }),
          uncanceled: portal(w, 'PATCH', `/v1/customer-portal/subscriptions/${id}`, { cancel_at_period_end: false }),
        });
        return out;
      },
    },
    {
      call: 'DELETE /v1/customer-portal/subscriptions/{id}',
      sdk: sdkJson(200, 'CustomerSubscription', CustomerSubscription$inboundSchema),
      client: customerSubscription,
      cases: async (w) => cases({ 'canceled at period end': portal(w, 'DELETE', `/v1/customer-portal/subscriptions/${w.buyer.subscriptionId}`) }),
    },
  ],
});
