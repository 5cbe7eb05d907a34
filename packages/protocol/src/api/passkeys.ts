import type { AuthenticatedUser } from '../user.ts';
import type { LoginTypes, UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Passkeys (WebAuthn; WIRE.md §3.5). Every binary value is a base64url string, and the WebAuthn
 * names are snake_case on the wire (the server converts to and from SimpleWebAuthn's camelCase in
 * one place, passkeys/wire.ts).
 */

export interface CredentialDescriptor {
  id: string;
  type: 'public-key';
  transports?: string[];
}

export interface PasskeyEnrollmentOptions {
  challenge: string;
  rp: { name: string; id?: string };
  user: { id: string; name: string; display_name: string };
  pub_key_cred_params: { alg: number; type: 'public-key' }[];
  timeout?: number;
  attestation?: string;
  exclude_credentials?: CredentialDescriptor[];
  authenticator_selection?: {
    authenticator_attachment?: string;
    require_resident_key?: boolean;
    resident_key?: string;
    user_verification?: string;
  };
  extensions?: { app_id?: string; cred_props?: boolean; hmac_create_secret?: boolean };
}

export interface PasskeyVerifyOptions {
  challenge: string;
  rp_id?: string;
  timeout?: number;
  user_verification?: string;
  allow_credentials?: CredentialDescriptor[];
  extensions?: Record<string, unknown>;
}

export interface AuthenticatorResponseBase<R> {
  id: string;
  raw_id: string;
  type: 'public-key';
  authenticator_attachment?: string;
  /** Browsers send `{}` when no extension ran; some clients leave it out. */
  client_extension_results?: {
    app_id?: boolean;
    cred_props?: { rk?: boolean };
    hmac_create_secret?: boolean;
  };
  response: R;
}

export type PasskeyRegistration = AuthenticatorResponseBase<{
  client_data_json: string;
  attestation_object: string;
  authenticator_data?: string;
  public_key?: string;
  public_key_algorithm?: number;
  transports?: string[];
}>;

export type PasskeyAssertion = AuthenticatorResponseBase<{
  client_data_json: string;
  authenticator_data: string;
  signature: string;
  user_handle?: string;
}>;

/**
 * The relying party: the page origin the ceremony runs on (`https://app.example.com`), one of the
 * app's allowed domains; its host is the RP ID. Left out: the app's first allowed domain.
 */
export interface RelyingParty {
  relying_party?: string;
}

export interface PasskeyInitRequest extends RelyingParty {
  /** The captcha token. */
  token?: string;
}

const passkeyTable = {
  passkeyRegisterInit: { method: 'POST', path: '/api/v1/passkeys/register/init' },
  passkeyRegister: { method: 'POST', path: '/api/v1/passkeys/register' },
  passkeyAuthenticateInit: { method: 'POST', path: '/api/v1/passkeys/authenticate/init' },
  passkeyAuthenticate: { method: 'POST', path: '/api/v1/passkeys/authenticate' },
  passkeyLinkInit: { method: 'POST', path: '/api/v1/passkeys/link/init' },
  passkeyLink: { method: 'POST', path: '/api/v1/passkeys/link' },
  passkeyUnlink: { method: 'POST', path: '/api/v1/passkeys/unlink' },
} as const;

export const passkeyApi: TypedRoutes<
  typeof passkeyTable,
  {
    passkeyRegisterInit: {
      request: PasskeyInitRequest;
      response: { options: PasskeyEnrollmentOptions } & RelyingParty;
    };
    passkeyRegister: {
      request: { authenticator_response: PasskeyRegistration } & RelyingParty;
      response: AuthenticatedUser;
    };
    passkeyAuthenticateInit: {
      request: PasskeyInitRequest;
      response: { options: PasskeyVerifyOptions } & RelyingParty;
    };
    passkeyAuthenticate: LoginTypes<
      { authenticator_response: PasskeyAssertion; challenge: string } & RelyingParty
    >;
    passkeyLinkInit: {
      request: RelyingParty;
      response: { options: PasskeyEnrollmentOptions } & RelyingParty;
    };
    passkeyLink: UserChangeTypes<{ authenticator_response: PasskeyRegistration } & RelyingParty>;
    passkeyUnlink: UserChangeTypes<{ credential_id: string; remove_as_mfa?: boolean }>;
  }
> = passkeyTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const passkeyReference: ReferenceArea = {
  name: 'Passkeys',
  description: 'WebAuthn login and linking (WIRE.md §3.6).',
  tables: [[passkeyApi, 'app', { passkeyLinkInit: 'user', passkeyLink: 'user', passkeyUnlink: 'user' }]],
};
