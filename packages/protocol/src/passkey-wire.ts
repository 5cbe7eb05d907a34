import type {
  CredentialDescriptor,
  PasskeyAssertion,
  PasskeyEnrollmentOptions,
  PasskeyRegistration,
  PasskeyVerifyOptions,
} from './api/passkeys.ts';

/*
 * The passkey bodies of WIRE.md §3.5 are the W3C WebAuthn JSON forms (what SimpleWebAuthn and
 * `PublicKeyCredential.toJSON()` speak) with snake_case names. These convert each way, so the server
 * and the client each translate in one place and no wire name is spelt anywhere else.
 */

type Extra = Record<string, unknown>;

/** `PublicKeyCredentialCreationOptionsJSON` (W3C WebAuthn), the fields the wire carries. */
export interface WebAuthnCreationOptionsJSON {
  challenge: string;
  rp: { name: string; id?: string };
  user: { id: string; name: string; displayName: string };
  pubKeyCredParams: { alg: number; type: 'public-key' }[];
  timeout?: number;
  attestation?: string;
  excludeCredentials?: CredentialDescriptor[];
  authenticatorSelection?: {
    authenticatorAttachment?: string;
    requireResidentKey?: boolean;
    residentKey?: string;
    userVerification?: string;
  };
  extensions?: { appid?: string; credProps?: boolean; hmacCreateSecret?: boolean };
}

/** `PublicKeyCredentialRequestOptionsJSON` (W3C WebAuthn). */
export interface WebAuthnRequestOptionsJSON {
  challenge: string;
  rpId?: string;
  timeout?: number;
  userVerification?: string;
  allowCredentials?: CredentialDescriptor[];
  extensions?: Extra;
}

interface WebAuthnResponseBase<R> {
  id: string;
  rawId: string;
  type: 'public-key';
  authenticatorAttachment?: string;
  clientExtensionResults: { appid?: boolean; credProps?: { rk?: boolean }; hmacCreateSecret?: boolean };
  response: R;
}

/** `RegistrationResponseJSON` (W3C WebAuthn). */
export type WebAuthnRegistrationJSON = WebAuthnResponseBase<{
  clientDataJSON: string;
  attestationObject: string;
  authenticatorData?: string;
  publicKey?: string;
  publicKeyAlgorithm?: number;
  transports?: string[];
}>;

/** `AuthenticationResponseJSON` (W3C WebAuthn). */
export type WebAuthnAssertionJSON = WebAuthnResponseBase<{
  clientDataJSON: string;
  authenticatorData: string;
  signature: string;
  userHandle?: string;
}>;

/** Copies the fields of `from` named in `names` (wire name → JSON name) that are set. */
function rename<T extends object>(from: object, names: Record<string, string>): T {
  const out: Extra = {};
  for (const [source, target] of Object.entries(names)) {
    const value = (from as Extra)[source];
    if (value !== undefined) out[target] = value;
  }
  return out as T;
}

const flip = (names: Record<string, string>) =>
  Object.fromEntries(Object.entries(names).map(([a, b]) => [b, a]));

const selectionNames = {
  authenticator_attachment: 'authenticatorAttachment',
  require_resident_key: 'requireResidentKey',
  resident_key: 'residentKey',
  user_verification: 'userVerification',
};
const enrollmentExtensionNames = {
  app_id: 'appid',
  cred_props: 'credProps',
  hmac_create_secret: 'hmacCreateSecret',
};
const extensionResultNames = enrollmentExtensionNames;
const registrationResponseNames = {
  client_data_json: 'clientDataJSON',
  attestation_object: 'attestationObject',
  authenticator_data: 'authenticatorData',
  public_key: 'publicKey',
  public_key_algorithm: 'publicKeyAlgorithm',
  transports: 'transports',
};
const assertionResponseNames = {
  client_data_json: 'clientDataJSON',
  authenticator_data: 'authenticatorData',
  signature: 'signature',
  user_handle: 'userHandle',
};
const requestNames = {
  challenge: 'challenge',
  rp_id: 'rpId',
  timeout: 'timeout',
  user_verification: 'userVerification',
  allow_credentials: 'allowCredentials',
  extensions: 'extensions',
};

/** Registration options for the wire (server → client). */
export function creationOptionsToWire(options: WebAuthnCreationOptionsJSON): PasskeyEnrollmentOptions {
  const wire: PasskeyEnrollmentOptions = {
    challenge: options.challenge,
    rp: options.rp,
    user: { id: options.user.id, name: options.user.name, display_name: options.user.displayName },
    pub_key_cred_params: options.pubKeyCredParams,
  };
  if (options.timeout !== undefined) wire.timeout = options.timeout;
  if (options.attestation !== undefined) wire.attestation = options.attestation;
  if (options.excludeCredentials) wire.exclude_credentials = options.excludeCredentials;
  if (options.authenticatorSelection)
    wire.authenticator_selection = rename(options.authenticatorSelection, flip(selectionNames));
  if (options.extensions) wire.extensions = rename(options.extensions, flip(enrollmentExtensionNames));
  return wire;
}

/** Registration options from the wire (client side, for `navigator.credentials.create`). */
export function creationOptionsFromWire(wire: PasskeyEnrollmentOptions): WebAuthnCreationOptionsJSON {
  const options: WebAuthnCreationOptionsJSON = {
    challenge: wire.challenge,
    rp: wire.rp,
    user: { id: wire.user.id, name: wire.user.name, displayName: wire.user.display_name },
    pubKeyCredParams: wire.pub_key_cred_params,
  };
  if (wire.timeout !== undefined) options.timeout = wire.timeout;
  if (wire.attestation !== undefined) options.attestation = wire.attestation;
  if (wire.exclude_credentials) options.excludeCredentials = wire.exclude_credentials;
  if (wire.authenticator_selection)
    options.authenticatorSelection = rename(wire.authenticator_selection, selectionNames);
  if (wire.extensions) options.extensions = rename(wire.extensions, enrollmentExtensionNames);
  return options;
}

/** Authentication options for the wire. */
export const requestOptionsToWire = (options: WebAuthnRequestOptionsJSON): PasskeyVerifyOptions =>
  rename(options, flip(requestNames));

/** Authentication options from the wire. */
export const requestOptionsFromWire = (wire: PasskeyVerifyOptions): WebAuthnRequestOptionsJSON =>
  rename(wire, requestNames);

function responseToWire<R>(json: WebAuthnResponseBase<object>, response: R) {
  const wire = {
    id: json.id,
    raw_id: json.rawId,
    type: json.type,
    client_extension_results: rename(json.clientExtensionResults ?? {}, flip(extensionResultNames)),
    response,
  } as { authenticator_attachment?: string } & Omit<PasskeyRegistration, 'response'> & { response: R };
  if (json.authenticatorAttachment) wire.authenticator_attachment = json.authenticatorAttachment;
  return wire;
}

function responseFromWire<R>(wire: Omit<PasskeyRegistration, 'response'>, response: R) {
  const json = {
    id: wire.id,
    rawId: wire.raw_id,
    type: wire.type,
    clientExtensionResults: rename(wire.client_extension_results ?? {}, extensionResultNames),
    response,
  } as { authenticatorAttachment?: string } & Omit<WebAuthnRegistrationJSON, 'response'> & { response: R };
  if (wire.authenticator_attachment) json.authenticatorAttachment = wire.authenticator_attachment;
  return json;
}

/** A new credential for the wire (client → server). */
export const registrationToWire = (json: WebAuthnRegistrationJSON): PasskeyRegistration =>
  responseToWire(json, rename(json.response, flip(registrationResponseNames)));

/** A new credential from the wire (the server verifies it). */
export const registrationFromWire = (wire: PasskeyRegistration): WebAuthnRegistrationJSON =>
  responseFromWire(wire, rename(wire.response, registrationResponseNames));

/** An assertion for the wire. */
export const assertionToWire = (json: WebAuthnAssertionJSON): PasskeyAssertion =>
  responseToWire(json, rename(json.response, flip(assertionResponseNames)));

/** An assertion from the wire. */
export const assertionFromWire = (wire: PasskeyAssertion): WebAuthnAssertionJSON =>
  responseFromWire(wire, rename(wire.response, assertionResponseNames));
