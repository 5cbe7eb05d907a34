import { randomBytes } from 'node:crypto';
import {
  assertionFromWire,
  creationOptionsToWire,
  type PasskeyAssertion,
  type PasskeyEnrollmentOptions,
  type PasskeyRegistration,
  type PasskeyVerifyOptions,
  registrationFromWire,
  requestOptionsToWire,
  type WebAuthnCreationOptionsJSON,
  type WebAuthnRequestOptionsJSON,
} from '@latchkey/protocol';
import type {
  AuthenticationResponseJSON,
  RegistrationResponseJSON,
  VerifiedRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import {
  type Ceremony,
  consumeChallenge,
  findChallenge,
  type IssuedChallenge,
  invalidChallenge,
  type LiveChallenge,
  storeChallenge,
} from './challenges.ts';
import type { RelyingParty } from './relying-party.ts';

/**
 * ES256 (P-256) and RS256: what platform authenticators and security keys make. EdDSA is left out
 * on purpose: its keys are not what the incumbent's clients expect in `public_key`, and every
 * authenticator that offers it offers ES256 too.
 */
const algorithms = [-7, -257];

let loaded: Promise<typeof import('@simplewebauthn/server')> | undefined;
/**
 * @simplewebauthn/server, imported at the first passkey ceremony: it is the slowest of the server's
 * dependencies to load (with its ASN.1 and X.509 parsers, about a third of a second), and a server
 * whose users never use a passkey, or a CLI command, should not pay for it at start.
 */
const webauthn = () => (loaded ??= import('@simplewebauthn/server'));

/** How long the browser waits for the user (the challenge outlives it: challenges.ts). */
const ceremonyTimeoutMs = 120_000;

/**
 * User verification is required, not preferred: a passkey is the whole login here (no password
 * beside it), so the authenticator must check the user (biometrics or PIN), not only that someone
 * touched it; an assertion without the UV flag is refused (`verify*` below).
 */
const userVerification = 'required';

export interface RegistrationUser {
  /** What the authenticator shows beside the passkey (the app name, or the user's email). */
  name: string;
  displayName: string;
  /** Credentials the user already has: the authenticator refuses to make a second on the same device. */
  exclude: string[];
}

/**
 * Options for `navigator.credentials.create` (register, link): a discoverable credential (so a
 * later login needs no username), user verification required, no attestation (a passkey's maker is
 * not a trust decision here). The challenge is stored for the ceremony.
 */
export async function registrationOptions(
  ctx: ServerContext,
  app: AppRecord,
  relyingParty: RelyingParty,
  ceremony: Extract<Ceremony, 'register' | 'link'>,
  user: RegistrationUser,
  userId?: string,
): Promise<PasskeyEnrollmentOptions> {
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: app.config.name,
    rpID: relyingParty.id,
    userName: user.name,
    userDisplayName: user.displayName,
    // A fresh random handle per credential: it never reveals the user id to the authenticator.
    userID: new Uint8Array(randomBytes(32)),
    timeout: ceremonyTimeoutMs,
    attestationType: 'none',
    excludeCredentials: user.exclude.map((id) => ({ id })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification },
    supportedAlgorithmIDs: algorithms,
  });
  await storeChallenge(ctx, app, options.challenge, {
    ceremony,
    relyingParty,
    userId,
    userHandle: options.user.id,
  });
  // SimpleWebAuthn types `type` as string; it is always 'public-key'.
  return creationOptionsToWire(options as WebAuthnCreationOptionsJSON);
}

/** The credentials an MFA assertion may come from: the user's passkeys enrolled as a factor. */
export interface AllowedCredentials {
  userId: string;
  credentials: { id: string; transports: string[] }[];
}

/**
 * Options for `navigator.credentials.get`: for a login, discoverable credentials (empty
 * `allow_credentials`); for an MFA verification (`mfa`), the user's factor passkeys, the challenge
 * bound to the user.
 */
export async function authenticationOptions(
  ctx: ServerContext,
  app: AppRecord,
  relyingParty: RelyingParty,
  mfa?: AllowedCredentials,
): Promise<PasskeyVerifyOptions> {
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({
    rpID: relyingParty.id,
    allowCredentials: mfa?.credentials ?? [],
    userVerification,
    timeout: ceremonyTimeoutMs,
  });
  await storeChallenge(
    ctx,
    app,
    options.challenge,
    mfa ? { ceremony: 'mfa', relyingParty, userId: mfa.userId } : { ceremony: 'authenticate', relyingParty },
  );
  return requestOptionsToWire(options as WebAuthnRequestOptionsJSON);
}

/** A new credential, verified (W3C WebAuthn §7.1) and its challenge spent. */
export interface VerifiedCredential {
  id: string;
  publicKey: Uint8Array;
  counter: number;
  aaguid: string;
  transports: string[];
  /** The WebAuthn user handle the options carried (base64url). */
  userHandle: string | null;
}

/**
 * Verifies a registration (§7.1 "Registering a New Credential"): the client data's type, challenge
 * (one this server issued for this app, ceremony, page and user, still live) and origin; the RP ID
 * hash, user presence and user verification in the authenticator data; the attestation statement;
 * the credential's algorithm. Any failure is `invalid_credentials`; the challenge is spent only
 * once everything checks out.
 */
export async function verifyRegistration(
  ctx: ServerContext,
  app: AppRecord,
  relyingParty: RelyingParty,
  expected: Omit<IssuedChallenge, 'relyingParty'>,
  response: PasskeyRegistration,
): Promise<VerifiedCredential> {
  const { verifyRegistrationResponse } = await webauthn();
  const issued: IssuedChallenge = { ...expected, relyingParty };
  const challenge = challengeLookup(ctx, app, issued);
  let verification: VerifiedRegistrationResponse;
  try {
    verification = await verifyRegistrationResponse({
      response: registrationFromWire(response) as RegistrationResponseJSON,
      expectedChallenge: challenge.check,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      requireUserVerification: true,
      supportedAlgorithmIDs: algorithms,
    });
  } catch (error) {
    throw challenge.failure(error);
  }
  if (!verification.verified || !verification.registrationInfo.userVerified)
    throw new ApiError('invalid_credentials', 'The passkey registration did not verify.');
  const { credential, aaguid } = verification.registrationInfo;
  // The id the client names must be the one the authenticator data holds (what gets stored).
  if (credential.id !== response.id)
    throw new ApiError('invalid_credentials', 'The credential id does not match the authenticator data.');
  await consumeChallenge(ctx, app, challenge.value(), issued);
  return {
    id: credential.id,
    publicKey: credential.publicKey,
    counter: credential.counter,
    aaguid,
    transports: response.response.transports ?? [],
    userHandle: challenge.live()?.userHandle ?? null,
  };
}

/** What the server holds of a credential to verify its assertions. */
export interface StoredCredential {
  id: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
}

/**
 * Verifies an assertion (§7.2 "Verifying an Authentication Assertion") against the stored
 * credential: the client data's type, challenge (issued for this ceremony — a login, or the user's
 * MFA verification — on this app and page, still live, and for a login the one the body names as
 * `challenge`) and origin; the RP ID hash; user presence and verification; the signature over
 * authenticator data and client data hash; and the signature counter, which must grow unless both
 * it and the stored one are 0 (a counter that goes back is a cloned authenticator). Answers the new
 * counter; the challenge is spent once everything checks out.
 */
export async function verifyAssertion(
  ctx: ServerContext,
  app: AppRecord,
  relyingParty: RelyingParty,
  expected: { ceremony: 'authenticate'; challenge: string } | { ceremony: 'mfa'; userId: string },
  response: PasskeyAssertion,
  credential: StoredCredential,
): Promise<number> {
  const { verifyAuthenticationResponse } = await webauthn();
  const issued: IssuedChallenge =
    expected.ceremony === 'mfa'
      ? { ceremony: 'mfa', relyingParty, userId: expected.userId }
      : { ceremony: 'authenticate', relyingParty };
  const named = expected.ceremony === 'authenticate' ? expected.challenge : undefined;
  const challenge = challengeLookup(ctx, app, issued, named);
  let newCounter: number;
  try {
    const verification = await verifyAuthenticationResponse({
      response: assertionFromWire(response) as AuthenticationResponseJSON,
      expectedChallenge: challenge.check,
      expectedOrigin: relyingParty.origin,
      expectedRPID: relyingParty.id,
      credential,
      requireUserVerification: true,
    });
    if (!verification.verified || !verification.authenticationInfo.userVerified) throw invalidChallenge();
    newCounter = verification.authenticationInfo.newCounter;
  } catch (error) {
    throw challenge.failure(error);
  }
  await consumeChallenge(ctx, app, challenge.value(), issued);
  return newCounter;
}

/**
 * The `expectedChallenge` callback SimpleWebAuthn calls with the challenge the client data names:
 * true when it is live for this ceremony (and, for a login, is the one the body names). A database
 * failure inside it is not a bad credential: `failure` rethrows it as it was.
 */
function challengeLookup(ctx: ServerContext, app: AppRecord, issued: IssuedChallenge, named?: string) {
  let seen = '';
  let live: LiveChallenge | null = null;
  let storageError: unknown = null;
  return {
    async check(challenge: string): Promise<boolean> {
      seen = challenge;
      if (named !== undefined && challenge !== named) return false;
      try {
        live = await findChallenge(ctx, app, challenge, issued);
      } catch (error) {
        storageError = error;
        throw error;
      }
      return live !== null;
    },
    value: () => seen,
    live: () => live,
    failure(error: unknown): unknown {
      if (storageError) return storageError;
      if (error instanceof ApiError) return error;
      const reason = error instanceof Error ? error.message : String(error);
      return new ApiError('invalid_credentials', `The passkey response did not verify: ${reason}`);
    },
  };
}
