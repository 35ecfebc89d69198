import type { BaseRecord } from '../../engine/records.js';
import type { Store } from '../../engine/store.js';

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

export function oauth2Collections(store: Store) {
  return {
    oauthClients: store.collection<OAuthClientRecord>('oauth2_clients', { clientId: (c) => c.client_id }),
    oauthTokens: store.collection<OAuthTokenRecord>('oauth2_tokens', { token: (t) => t.token }),
  };
}
