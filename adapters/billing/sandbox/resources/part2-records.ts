import type { BaseRecord, Metadata } from '../engine/records.js';
import type { Store } from '../engine/store.js';

/** Stored shapes of the part-2 resources (wire names, ISO strings, no embedded relations). */
export interface LicenseKeyRecord extends BaseRecord {
  readonly organization_id: string;
  readonly customer_id: string;
  readonly benefit_id: string;
  readonly grant_id: string;
  readonly key: string;
  readonly status: 'granted' | 'revoked' | 'disabled';
  readonly limit_activations: number | null;
  readonly usage: number;
  readonly limit_usage: number | null;
  readonly validations: number;
  readonly last_validated_at: string | null;
  readonly expires_at: string | null;
}

export interface ActivationRecord extends BaseRecord {
  readonly license_key_id: string;
  readonly label: string;
  readonly conditions: Metadata;
  readonly meta: Metadata;
}

export interface EventRecord {
  readonly id: string;
  readonly timestamp: string;
  readonly organization_id: string;
  readonly customer_id: string | null;
  readonly external_customer_id: string | null;
  readonly name: string;
  readonly source: 'system' | 'user';
  readonly metadata: Record<string, unknown>;
  /** The id a caller gave (`external_id`): a second ingest with it is a duplicate. */
  readonly external_id: string | null;
}

export interface CustomerMeterRecord extends BaseRecord {
  readonly customer_id: string;
  readonly meter_id: string;
  readonly consumed_units: number;
  readonly credited_units: number;
  readonly balance: number;
}

export interface UploadPartRecord {
  readonly number: number;
  readonly chunk_start: number;
  readonly chunk_end: number;
  readonly checksum_sha256_base64: string | null;
  /** Filled by the upload: the part's bytes (base64), their MD5 ETag and SHA-256. */
  readonly data: string | null;
  readonly etag: string | null;
  readonly sha256_base64: string | null;
}

export interface FileRecord extends BaseRecord {
  readonly organization_id: string;
  readonly name: string;
  readonly path: string;
  readonly mime_type: string;
  readonly size: number;
  readonly service: 'downloadable' | 'product_media' | 'organization_avatar';
  readonly version: string | null;
  readonly checksum_sha256_base64: string | null;
  readonly checksum_sha256_hex: string | null;
  readonly checksum_etag: string | null;
  readonly last_modified_at: string | null;
  readonly is_uploaded: boolean;
  readonly upload_id: string;
  readonly parts: UploadPartRecord[];
  readonly deleted_at: string | null;
}

export interface CustomFieldRecord extends BaseRecord {
  readonly organization_id: string;
  readonly type: 'text' | 'number' | 'date' | 'checkbox' | 'select';
  readonly slug: string;
  readonly name: string;
  readonly metadata: Metadata;
  readonly properties: Record<string, unknown>;
}

/** One record per product (id = product id): what part 2 attaches to it. */
export interface ProductExtrasRecord {
  readonly id: string;
  readonly custom_fields: { custom_field_id: string; required: boolean }[];
  readonly media_ids: string[];
}

export interface OAuthClientRecord extends BaseRecord {
  readonly client_id: string;
  readonly client_secret: string;
  readonly client_name: string;
  readonly client_uri: string | null;
  readonly logo_uri: string | null;
  readonly tos_uri: string | null;
  readonly policy_uri: string | null;
  readonly redirect_uris: string[];
  readonly scope: string;
}

export interface OAuthTokenRecord {
  readonly id: string;
  /** `code`, `access_token` or `refresh_token`. */
  readonly kind: 'code' | 'access_token' | 'refresh_token';
  readonly token: string;
  readonly client_id: string;
  readonly organization_id: string;
  readonly scope: string;
  readonly redirect_uri: string | null;
  readonly issued_at: number;
  readonly expires_at: number;
  readonly revoked: boolean;
  /** The access token a refresh token belongs to (revoked together). */
  readonly pair_id: string | null;
}

export function part2Collections(store: Store) {
  return {
    licenseKeys: store.collection<LicenseKeyRecord>('license_keys', {
      org: (k) => k.organization_id,
      customer: (k) => k.customer_id,
      key: (k) => `${k.organization_id}|${k.key.toUpperCase()}`,
      grant: (k) => k.grant_id,
    }),
    activations: store.collection<ActivationRecord>('license_key_activations', { key: (a) => a.license_key_id }),
    events: store.collection<EventRecord>('events', {
      org: (e) => e.organization_id,
      customer: (e) => e.customer_id,
      externalCustomer: (e) => (e.external_customer_id === null ? null : `${e.organization_id}|${e.external_customer_id}`),
      externalId: (e) => (e.external_id === null ? null : `${e.organization_id}|${e.external_id}`),
    }),
    customerMeters: store.collection<CustomerMeterRecord>('customer_meters', {
      customer: (m) => m.customer_id,
      meter: (m) => m.meter_id,
      pair: (m) => `${m.customer_id}|${m.meter_id}`,
    }),
    files: store.collection<FileRecord>('files', { org: (f) => (f.deleted_at === null ? f.organization_id : null) }),
    customFields: store.collection<CustomFieldRecord>('custom_fields', {
      org: (f) => f.organization_id,
      slug: (f) => `${f.organization_id}|${f.slug}`,
    }),
    productExtras: store.collection<ProductExtrasRecord>('product_extras'),
    oauthClients: store.collection<OAuthClientRecord>('oauth2_clients', { clientId: (c) => c.client_id }),
    oauthTokens: store.collection<OAuthTokenRecord>('oauth2_tokens', { token: (t) => t.token }),
  };
}

export type Part2Collections = ReturnType<typeof part2Collections>;

const cache = new WeakMap<object, Part2Collections>();

/** The part-2 collections of this sandbox (created once per store). */
export function part2(ctx: { store: Store }): Part2Collections {
  let found = cache.get(ctx.store);
  if (found === undefined) {
    found = part2Collections(ctx.store);
    cache.set(ctx.store, found);
  }
  return found;
}
