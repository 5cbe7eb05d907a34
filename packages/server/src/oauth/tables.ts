/**
 * The tables of the OAuth feature: a login started at a provider, and the one-time code the
 * callback hands the client for it. Created by the feature's migration (migrations.ts), swept by its
 * `sweeps` (feature.ts), and merged into `Database` here.
 */
declare module '../storage/schema.ts' {
  interface Database {
    oauth_requests: OAuthRequestsTable;
    oauth_codes: OAuthCodesTable;
  }
}

/** A login sent to a provider, found again by the `state` the provider returns (single use). */
export interface OAuthRequestsTable {
  /** SHA-256 of the state this server sent the provider. */
  state_hash: string;
  /** Binds the sealed values of the flow (AAD) and its code row to this request. */
  flow_id: string;
  app_id: string;
  /** `google`, …, or `custom:{name}`. */
  provider: string;
  redirect_to: string;
  /** The client's `state_code`, handed back as `privy_oauth_state` and checked at authenticate. */
  client_state: string;
  /** The client's PKCE challenge (S256). */
  code_challenge: string;
  /** This server's PKCE verifier at the provider, sealed. */
  provider_verifier: string;
  /** The OpenID nonce the ID token must carry (null for plain OAuth providers). */
  nonce: string | null;
  created_at: number;
  expires_at: number;
}

/**
 * A Latchkey authorization code (`privy_oauth_code`), stored as its SHA-256, single use, for the
 * app and flow it was issued to. It holds what the provider answered: its code (sealed), or the
 * error it gave.
 */
export interface OAuthCodesTable {
  code_hash: string;
  flow_id: string;
  app_id: string;
  provider: string;
  client_state: string;
  code_challenge: string;
  provider_verifier: string;
  nonce: string | null;
  /** The provider's authorization code, sealed; null when it answered an error. */
  provider_code: string | null;
  /** The provider's `error` (and description) when it refused; null otherwise. */
  provider_error: string | null;
  created_at: number;
  expires_at: number;
}
