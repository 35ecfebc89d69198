/**
 * Stored record shapes of the engine's own collections. Records hold wire field names (snake_case)
 * and ISO strings, without embedded relations: serializers add those (customer inside a session,
 * prices and benefits inside a product) when answering.
 */
export interface BaseRecord {
  readonly id: string;
  readonly created_at: string;
  readonly modified_at: string | null;
}

export type Metadata = Record<string, string | number | boolean>;

export interface OrganizationRecord extends BaseRecord {
  readonly name: string;
  readonly slug: string;
  readonly avatar_url: string | null;
  readonly email: string | null;
  readonly website: string | null;
  readonly socials: { platform: string; url: string }[];
  readonly details: Record<string, unknown> | null;
  readonly details_submitted_at: string | null;
  readonly feature_settings: Record<string, boolean> | null;
  readonly subscription_settings: { allow_multiple_subscriptions: boolean; allow_customer_updates: boolean; proration_behavior: string };
  readonly notification_settings: { new_order: boolean; new_subscription: boolean };
}

export interface AccessTokenRecord {
  readonly id: string;
  readonly created_at: string;
  readonly token: string;
  readonly organization_id: string;
  readonly comment: string;
}

export interface BenefitRecord extends BaseRecord {
  readonly type: string;
  readonly description: string;
  readonly selectable: boolean;
  readonly deletable: boolean;
  readonly is_deleted: boolean;
  readonly organization_id: string;
  readonly metadata: Metadata;
  readonly properties: Record<string, unknown>;
}

export interface MeterRecord extends BaseRecord {
  readonly organization_id: string;
  readonly name: string;
  readonly unit: string;
  readonly metadata: Metadata;
  readonly filter: Record<string, unknown>;
  readonly aggregation: Record<string, unknown>;
}

export interface PriceRecord extends BaseRecord {
  readonly product_id: string;
  readonly amount_type: 'fixed' | 'custom' | 'free' | 'metered_unit';
  readonly price_currency: string;
  readonly is_archived: boolean;
  readonly price_amount?: number;
  readonly minimum_amount?: number;
  readonly maximum_amount?: number | null;
  readonly preset_amount?: number | null;
  readonly unit_amount?: string;
  readonly cap_amount?: number | null;
  readonly meter_id?: string;
}

export interface ProductRecord extends BaseRecord {
  readonly organization_id: string;
  readonly name: string;
  readonly description: string | null;
  readonly recurring_interval: string | null;
  readonly recurring_interval_count: number | null;
  readonly is_archived: boolean;
  readonly metadata: Metadata;
  /** Ordered; archived prices stay in the price collection but leave this list. */
  readonly price_ids: string[];
  readonly benefit_ids: string[];
}

export interface DiscountRecord extends BaseRecord {
  readonly organization_id: string;
  readonly name: string;
  readonly code: string | null;
  readonly type: 'fixed' | 'percentage';
  readonly duration: 'once' | 'forever' | 'repeating';
  readonly duration_in_months: number | null;
  readonly amount: number | null;
  readonly currency: string | null;
  readonly basis_points: number | null;
  readonly starts_at: string | null;
  readonly ends_at: string | null;
  readonly max_redemptions: number | null;
  readonly redemptions_count: number;
  readonly metadata: Metadata;
  readonly product_ids: string[];
  readonly deleted_at: string | null;
}

export interface Address {
  readonly country: string;
  readonly line1?: string | null;
  readonly line2?: string | null;
  readonly postal_code?: string | null;
  readonly city?: string | null;
  readonly state?: string | null;
}

export interface CustomerRecord extends BaseRecord {
  readonly organization_id: string;
  readonly email: string;
  readonly email_verified: boolean;
  readonly name: string | null;
  readonly external_id: string | null;
  readonly billing_name: string | null;
  readonly billing_address: Address | null;
  readonly tax_id: [string, string] | null;
  readonly locale: string | null;
  readonly metadata: Metadata;
  readonly default_payment_method_id: string | null;
  readonly deleted_at: string | null;
}

export interface CustomerSessionRecord extends BaseRecord {
  readonly token: string;
  readonly expires_at: string;
  readonly return_url: string | null;
  readonly customer_id: string;
}

export interface PaymentMethodRecord extends BaseRecord {
  readonly customer_id: string;
  readonly processor: 'stripe';
  readonly type: 'card';
  readonly method_metadata: { brand: string; last4: string; exp_month: number; exp_year: number; wallet: string | null };
}

export interface BenefitGrantRecord extends BaseRecord {
  readonly customer_id: string;
  readonly benefit_id: string;
  readonly subscription_id: string | null;
  readonly order_id: string | null;
  readonly granted_at: string | null;
  readonly revoked_at: string | null;
  readonly is_granted: boolean;
  readonly is_revoked: boolean;
  readonly properties: Record<string, unknown>;
}

export interface WebhookEndpointRecord extends BaseRecord {
  readonly organization_id: string;
  readonly url: string;
  readonly format: string;
  readonly secret: string;
  readonly events: string[];
  readonly enabled: boolean;
  readonly name: string | null;
}

export interface WebhookEventRecord extends BaseRecord {
  readonly webhook_endpoint_id: string;
  readonly type: string;
  readonly payload: string;
  /** null while pending, then the outcome of the last attempt series. */
  readonly succeeded: boolean | null;
  readonly last_http_code: number | null;
}

export interface WebhookDeliveryRecord extends BaseRecord {
  readonly webhook_event_id: string;
  readonly webhook_endpoint_id: string;
  readonly succeeded: boolean;
  readonly http_code: number | null;
  readonly response: string | null;
}
