import type { PasskeyEnrollmentOptions, PasskeyVerifyOptions } from '@latchkey/protocol';
import type { SoftwareAuthenticator } from './software-authenticator.ts';

/**
 * `navigator.credentials` for code that runs WebAuthn in Node (core's passkey flows and
 * `@simplewebauthn/browser`): `create` and `get` answered by a software authenticator for the page
 * `origin`, with the browser's binary forms (ArrayBuffers) and methods. `refuse` makes the next calls
 * fail as a user who cancels the browser's prompt does (`NotAllowedError`).
 */
export interface SoftwareWebAuthn {
  authenticator: SoftwareAuthenticator;
  refuse: boolean;
  /** Puts the globals back as they were. */
  restore(): void;
}

const bytes = (value: string) => {
  const buffer = Buffer.from(value, 'base64url');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
};
const b64url = (value: BufferSource) =>
  Buffer.from(
    ArrayBuffer.isView(value)
      ? new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
      : new Uint8Array(value),
  ).toString('base64url');

/** Installs `PublicKeyCredential` and `navigator.credentials` on `globalThis` (restore them after). */
export function installSoftwareWebAuthn(
  authenticator: SoftwareAuthenticator,
  origin: string,
): SoftwareWebAuthn {
  const state: SoftwareWebAuthn = { authenticator, refuse: false, restore };
  const refusal = () =>
    new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError');
  const credentials = {
    async create({ publicKey }: { publicKey: PublicKeyCredentialCreationOptions }) {
      if (state.refuse) throw refusal();
      const options: PasskeyEnrollmentOptions = {
        challenge: b64url(publicKey.challenge),
        rp: { name: publicKey.rp.name, ...(publicKey.rp.id ? { id: publicKey.rp.id } : {}) },
        user: {
          id: b64url(publicKey.user.id),
          name: publicKey.user.name,
          display_name: publicKey.user.displayName,
        },
        pub_key_cred_params: publicKey.pubKeyCredParams.map((p) => ({ alg: p.alg, type: 'public-key' })),
      };
      const made = authenticator.register(options, origin);
      return {
        id: made.id,
        rawId: bytes(made.raw_id),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: bytes(made.response.client_data_json),
          attestationObject: bytes(made.response.attestation_object),
          getTransports: () => made.response.transports ?? [],
        },
        getClientExtensionResults: () => ({}),
      };
    },
    async get({ publicKey }: { publicKey: PublicKeyCredentialRequestOptions }) {
      if (state.refuse) throw refusal();
      const options: PasskeyVerifyOptions = {
        challenge: b64url(publicKey.challenge),
        ...(publicKey.rpId ? { rp_id: publicKey.rpId } : {}),
        // As a browser does: only an allowed credential answers (an MFA challenge names the factors).
        ...(publicKey.allowCredentials?.length
          ? {
              allow_credentials: publicKey.allowCredentials.map((c) => ({
                id: b64url(c.id),
                type: 'public-key' as const,
              })),
            }
          : {}),
      };
      const signed = authenticator.assert(options, origin);
      const { user_handle } = signed.response;
      return {
        id: signed.id,
        rawId: bytes(signed.raw_id),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: bytes(signed.response.client_data_json),
          authenticatorData: bytes(signed.response.authenticator_data),
          signature: bytes(signed.response.signature),
          userHandle: user_handle ? bytes(user_handle) : null,
        },
        getClientExtensionResults: () => ({}),
      };
    },
  };
  const saved = {
    PublicKeyCredential: Object.getOwnPropertyDescriptor(globalThis, 'PublicKeyCredential'),
    navigator: Object.getOwnPropertyDescriptor(globalThis, 'navigator'),
  };
  Object.defineProperty(globalThis, 'PublicKeyCredential', {
    configurable: true,
    writable: true,
    value: function PublicKeyCredential() {},
  });
  Object.defineProperty(globalThis, 'navigator', {
    configurable: true,
    writable: true,
    value: { ...globalThis.navigator, credentials },
  });
  function restore() {
    for (const [name, descriptor] of Object.entries(saved)) {
      if (descriptor) Object.defineProperty(globalThis, name, descriptor);
      else Reflect.deleteProperty(globalThis, name);
    }
  }
  return state;
}
