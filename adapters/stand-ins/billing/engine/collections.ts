import type { Store } from './store.js';
import type {
  AccessTokenRecord, BenefitGrantRecord, BenefitRecord, CustomerRecord, CustomerSessionRecord, DiscountRecord,
  MeterRecord, OrganizationRecord, PaymentMethodRecord, PriceRecord, ProductRecord, WebhookDeliveryRecord,
  WebhookEndpointRecord, WebhookEventRecord,
} from './records.js';

const lower = (s: string) => s.toLowerCase();
const live = (r: { deleted_at: string | null }) => r.deleted_at === null;

/** The engine's own collections and their indexes (`db.ts` adds each resource's). */
export function engineCollections(store: Store) {
  return {
    organizations: store.collection<OrganizationRecord>('organizations', { slug: (o) => o.slug }),
    accessTokens: store.collection<AccessTokenRecord>('access_tokens', { token: (t) => t.token }),
    benefits: store.collection<BenefitRecord>('benefits', { org: (b) => b.organization_id }),
    meters: store.collection<MeterRecord>('meters', { org: (m) => m.organization_id }),
    products: store.collection<ProductRecord>('products', { org: (p) => p.organization_id }),
    prices: store.collection<PriceRecord>('prices', { product: (p) => p.product_id }),
    discounts: store.collection<DiscountRecord>('discounts', {
      org: (d) => d.organization_id,
      // codes are case-insensitive and unique among live discounts of an organization
      code: (d) => (d.code !== null && live(d) ? `${d.organization_id}|${lower(d.code)}` : null),
    }),
    customers: store.collection<CustomerRecord>('customers', {
      org: (c) => c.organization_id,
      email: (c) => (live(c) ? `${c.organization_id}|${lower(c.email)}` : null),
      externalId: (c) => (c.external_id !== null && live(c) ? `${c.organization_id}|${c.external_id}` : null),
    }),
    customerSessions: store.collection<CustomerSessionRecord>('customer_sessions', { token: (s) => s.token }),
    paymentMethods: store.collection<PaymentMethodRecord>('payment_methods', { customer: (p) => p.customer_id }),
    benefitGrants: store.collection<BenefitGrantRecord>('benefit_grants', {
      customer: (g) => g.customer_id,
      subscription: (g) => g.subscription_id,
      benefit: (g) => g.benefit_id,
    }),
    webhookEndpoints: store.collection<WebhookEndpointRecord>('webhook_endpoints', { org: (e) => e.organization_id }),
    webhookEvents: store.collection<WebhookEventRecord>('webhook_events', { endpoint: (e) => e.webhook_endpoint_id }),
    webhookDeliveries: store.collection<WebhookDeliveryRecord>('webhook_deliveries', {
      endpoint: (d) => d.webhook_endpoint_id,
      event: (d) => d.webhook_event_id,
    }),
  };
}

export type EngineCollections = ReturnType<typeof engineCollections>;
