import {
  assertionToWire,
  mfaApi,
  type PasskeyVerifyOptions,
  requestOptionsFromWire,
  type WebAuthnAssertionJSON,
} from '@latchkey/protocol';
import type { MfaCode } from '../embedded/mfa/gate.ts';
import { browserError, relyingParty, webauthn } from '../flows/passkey.ts';
import type { HttpClient } from '../http/createHttpClient.ts';

/*
 * The host's part of a verification (the contract: the page sends the SMS code and runs WebAuthn on
 * its own origin; the frame verifies what comes of it).
 */

/** Has the server text a code to the user's enrolled number (`/mfa/passwordless_sms/init {action:'verify'}`). */
export async function sendMfaSmsCode(http: HttpClient): Promise<void> {
  await http.call(mfaApi.mfaSmsInit, { action: 'verify' });
}

/** A passkey challenge for the user's passkeys enrolled in MFA (`/mfa/passkeys/init`), on this page's origin. */
export async function initMfaPasskey(
  http: HttpClient,
): Promise<{ options: PasskeyVerifyOptions; relyingParty: string }> {
  const rp = relyingParty();
  const init = await http.call(mfaApi.mfaPasskeyInit, rp);
  return { options: init.options, relyingParty: init.relying_party ?? rp.relying_party ?? '' };
}

/**
 * Runs the WebAuthn ceremony for `options` on this page (the browser asks for the passkey) and answers
 * the code the frame verifies: the snake_case assertion (WIRE.md §3.5). A cancelled or timed-out
 * prompt rejects with `passkey_not_allowed`.
 */
export async function passkeyMfaCode(options: PasskeyVerifyOptions, rp: string): Promise<MfaCode> {
  const { startAuthentication } = await webauthn();
  let assertion: WebAuthnAssertionJSON;
  try {
    assertion = (await startAuthentication({
      optionsJSON: requestOptionsFromWire(options) as never,
    })) as WebAuthnAssertionJSON;
  } catch (error) {
    throw browserError(error);
  }
  return { method: 'passkey', assertion: assertionToWire(assertion), relyingParty: rp };
}
