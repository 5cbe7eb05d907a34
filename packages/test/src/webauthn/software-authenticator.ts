import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import type {
  PasskeyAssertion,
  PasskeyEnrollmentOptions,
  PasskeyRegistration,
  PasskeyVerifyOptions,
} from '@latchkey/protocol';
import { type CBORType, encodeCBOR } from '@levischuck/tiny-cbor';

/**
 * A software passkey authenticator (WebAuthn Level 2, CTAP2-like): what a browser and a platform
 * authenticator together answer to `navigator.credentials.create` and `.get`, made in Node so the
 * server's passkey routes are tested on real signatures. P-256 keys from node:crypto, COSE keys and
 * attestation objects in CBOR (tiny-cbor, what SimpleWebAuthn itself reads them with), attestation
 * 'none', discoverable credentials with a user handle, and a signature counter per credential.
 *
 * Every answer is the WIRE.md §3.5 snake_case body. The `tamper` options make the answers an
 * attacker or a broken client would send: another origin or RP ID, no user verification, a counter
 * set back, a signature over other data.
 */

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash('sha256').update(data).digest());

/** The AAGUID this authenticator reports (16 bytes): Chromium's own, so it has a name on the server. */
export const softwareAaguid = 'b5397666-4885-aa6b-cebf-e52262a439a2';

export interface SoftwareCredential {
  /** base64url. */
  id: string;
  rpId: string;
  /** base64url, as the options' `user.id` gave it. */
  userHandle: string;
  privateKey: KeyObject;
  /** The COSE public key (base64url), what the server stores as `public_key`. */
  publicKey: string;
  counter: number;
}

export interface CeremonyTamper {
  /** The page origin the client data names (default: the ceremony's `origin`). */
  origin?: string;
  /** The RP ID whose hash the authenticator data carries (default: the options' RP ID). */
  rpId?: string;
  /** The challenge the client data names (default: the options'). */
  challenge?: string;
  /** The client data's `type` (default `webauthn.create` / `webauthn.get`). */
  type?: string;
  /** Clears the UV flag: the user was not verified. */
  userVerified?: boolean;
  /** Clears the UP flag. */
  userPresent?: boolean;
}

export interface RegistrationTamper extends CeremonyTamper {
  /** Makes the new credential with this id (base64url): one another user's passkey already has. */
  credentialId?: string;
}

export interface AssertionTamper extends CeremonyTamper {
  /** Signs with this counter instead of the next one (a counter set back, or one kept at 0). */
  counter?: number;
  /** Signs these bytes instead of authenticator data ‖ SHA-256(client data). */
  signOver?: Uint8Array;
  /** The credential to use (default: the first one for the RP ID). */
  credentialId?: string;
  /** The user handle to return (default: the credential's). */
  userHandle?: string | undefined;
}

export interface SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[];
  /** `navigator.credentials.create` on the page `origin`: a new resident credential. */
  register(
    options: PasskeyEnrollmentOptions,
    origin: string,
    tamper?: RegistrationTamper,
  ): PasskeyRegistration;
  /**
   * `navigator.credentials.get` on the page `origin`, with a discoverable credential of the RP ID (one
   * of `allow_credentials` when the options name some).
   */
  assert(options: PasskeyVerifyOptions, origin: string, tamper?: AssertionTamper): PasskeyAssertion;
  /** Another authenticator holding a copy of a credential, counter and all (a cloned key). */
  clone(credentialId: string): SoftwareAuthenticator;
}

/** Flags of the authenticator data (WebAuthn §6.1). */
const flagUp = 0x01;
const flagUv = 0x04;
const flagAt = 0x40;

function authenticatorData(
  rpId: string,
  flags: number,
  counter: number,
  attested?: { credentialId: Uint8Array; cose: Uint8Array },
): Uint8Array {
  const head = Buffer.alloc(37);
  Buffer.from(sha256(rpId)).copy(head, 0);
  head.writeUInt8(flags, 32);
  head.writeUInt32BE(counter >>> 0, 33);
  if (!attested) return new Uint8Array(head);
  const aaguid = Buffer.from(softwareAaguid.replace(/-/g, ''), 'hex');
  const length = Buffer.alloc(2);
  length.writeUInt16BE(attested.credentialId.length);
  return new Uint8Array(Buffer.concat([head, aaguid, length, attested.credentialId, attested.cose]));
}

/** An EC2 P-256 COSE key (RFC 9053): kty 2, alg -7 (ES256), crv 1, x, y. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  return encodeCBOR(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
      [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
    ]),
  );
}

const clientDataJson = (type: string, challenge: string, origin: string) =>
  JSON.stringify({ type, challenge, origin, crossOrigin: false });

function flagsOf(tamper: CeremonyTamper): number {
  return (tamper.userPresent === false ? 0 : flagUp) | (tamper.userVerified === false ? 0 : flagUv);
}

/** A new software authenticator, empty or holding `credentials`. */
export function softwareAuthenticator(credentials: SoftwareCredential[] = []): SoftwareAuthenticator {
  const held = credentials;
  return {
    credentials: held,

    register(options, origin, tamper = {}) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const credentialId = new Uint8Array(
        tamper.credentialId ? Buffer.from(tamper.credentialId, 'base64url') : randomBytes(32),
      );
      const cose = coseKey(publicKey);
      const counter = 0;
      const authData = authenticatorData(tamper.rpId ?? rpId, flagsOf(tamper) | flagAt, counter, {
        credentialId,
        cose,
      });
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map<string, CBORType>()],
          ['authData', authData],
        ]),
      );
      const clientData = clientDataJson(
        tamper.type ?? 'webauthn.create',
        tamper.challenge ?? options.challenge,
        tamper.origin ?? origin,
      );
      const id = b64url(credentialId);
      held.push({ id, rpId, userHandle: options.user.id, privateKey, publicKey: b64url(cose), counter });
      return {
        id,
        raw_id: id,
        type: 'public-key',
        authenticator_attachment: 'platform',
        client_extension_results: { cred_props: { rk: true } },
        response: {
          client_data_json: b64url(clientData),
          attestation_object: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },

    assert(options, origin, tamper = {}) {
      const rpId = options.rp_id ?? new URL(origin).hostname;
      const allowed = options.allow_credentials?.map((c) => c.id);
      const credential = tamper.credentialId
        ? held.find((c) => c.id === tamper.credentialId)
        : held.find((c) => c.rpId === rpId && (!allowed?.length || allowed.includes(c.id)));
      if (!credential) throw new Error(`No credential for ${tamper.credentialId ?? rpId}`);
      // A tampered counter is for this signature only; the authenticator's own goes on as it was.
      const counter = tamper.counter ?? ++credential.counter;
      const authData = authenticatorData(tamper.rpId ?? rpId, flagsOf(tamper), counter);
      const clientData = clientDataJson(
        tamper.type ?? 'webauthn.get',
        tamper.challenge ?? options.challenge,
        tamper.origin ?? origin,
      );
      const signed = tamper.signOver ?? Buffer.concat([authData, sha256(clientData)]);
      // ECDSA over SHA-256, DER-encoded, as WebAuthn's ES256 signatures are.
      const signature = sign('sha256', signed, credential.privateKey);
      const userHandle = 'userHandle' in tamper ? tamper.userHandle : credential.userHandle;
      return {
        id: credential.id,
        raw_id: credential.id,
        type: 'public-key',
        authenticator_attachment: 'platform',
        client_extension_results: {},
        response: {
          client_data_json: b64url(clientData),
          authenticator_data: b64url(authData),
          signature: b64url(signature),
          ...(userHandle === undefined ? {} : { user_handle: userHandle }),
        },
      };
    },

    clone(credentialId) {
      const original = held.find((c) => c.id === credentialId);
      if (!original) throw new Error(`No credential ${credentialId}`);
      return softwareAuthenticator([{ ...original }]);
    },
  };
}
