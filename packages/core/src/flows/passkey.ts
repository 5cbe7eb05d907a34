import {
  assertionToWire,
  creationOptionsFromWire,
  type PasskeyEnrollmentOptions,
  passkeyApi,
  registrationToWire,
  requestOptionsFromWire,
  type User,
  type WebAuthnAssertionJSON,
  type WebAuthnRegistrationJSON,
} from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import {
  assertLoggedIn,
  assertLoggedOut,
  completeAccountChange,
  completeLogin,
  type FlowContext,
  type LoginResult,
  noBearer,
} from './context.ts';

/**
 * Passkey sign-up, login, linking and unlinking (WIRE.md §3.5). This module and
 * `@simplewebauthn/browser` load only when a passkey call is made (`client.passkey`), never in an
 * app's first load.
 */

/** Where a passkey call is (spec document 1 §4 flow states, less the final `done` / `error`). */
export type PasskeyStep = 'generating-challenge' | 'awaiting-passkey' | 'submitting-response';

export interface PasskeyParameters {
  /** Told of each step: the challenge is asked for, the browser waits for the user, the answer is sent. */
  onStatus?: ((step: PasskeyStep) => void) | undefined;
  /** A captcha token, when the app enables captcha (sign-up and login only). */
  captchaToken?: string | undefined;
}

export interface LoginPasskeyParameters extends PasskeyParameters {
  /**
   * Only these passkeys (their credential ids) may answer, instead of any the browser holds for the
   * site: the browser offers just these (WebAuthn `allowCredentials`).
   */
  credentialIds?: string[] | undefined;
}

export interface LinkPasskeyParameters extends PasskeyParameters {
  /** The name the new passkey shows in the user's password manager, instead of the user's. */
  name?: string | undefined;
}

export interface UnlinkPasskeyParameters {
  credentialId: string;
  /** Also drop it as an MFA method (WIRE.md §3.5). */
  removeAsMfa?: boolean | undefined;
}

/** The page origin the ceremony runs on: the relying party (the server checks it is allowed). */
export function relyingParty(): { relying_party?: string } {
  const origin = globalThis.location?.origin;
  return origin && origin !== 'null' ? { relying_party: origin } : {};
}

/** The browser's refusals: cancelled, timed out, or no passkey here (`NotAllowedError`). */
export function browserError(error: unknown): unknown {
  if (!(error instanceof Error)) return error;
  const name = (error as { cause?: { name?: string } }).cause?.name ?? error.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return new LatchkeyClientError('passkey_not_allowed', error.message, { cause: error });
  return new LatchkeyClientError('unknown_auth_error', error.message, { cause: error });
}

export const webauthn = () => import('@simplewebauthn/browser');

async function createCredential(wire: PasskeyEnrollmentOptions, name?: string) {
  const { startRegistration } = await webauthn();
  const options = creationOptionsFromWire(wire);
  // The browser's own: the server does not read it back (the incumbent names the passkey so too).
  const named = typeof name === 'string' ? name.trim() : '';
  if (named) options.user = { ...options.user, name: named, displayName: named };
  try {
    const json = await startRegistration({ optionsJSON: options as never });
    return registrationToWire(json as WebAuthnRegistrationJSON);
  } catch (error) {
    throw browserError(error);
  }
}

/**
 * Signs a new user up with a new passkey (`/passkeys/register/init`, then `/passkeys/register`).
 * The app must allow passkey sign-up (`passkeys_for_signup_enabled`).
 *
 * @example
 * const { user, isNewUser } = await signupWithPasskey(ctx, { onStatus: console.log });
 */
export async function signupWithPasskey(
  ctx: FlowContext,
  params: PasskeyParameters = {},
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  params.onStatus?.('generating-challenge');
  const init = await ctx.http.call(
    passkeyApi.passkeyRegisterInit,
    { token: params.captchaToken, ...relyingParty() },
    noBearer,
  );
  params.onStatus?.('awaiting-passkey');
  const registration = await createCredential(init.options);
  params.onStatus?.('submitting-response');
  const body = { authenticator_response: registration, relying_party: init.relying_party };
  return completeLogin(ctx, await ctx.http.call(passkeyApi.passkeyRegister, body, noBearer));
}

/**
 * Logs in with a passkey the browser offers (discoverable credentials: no username asked)
 * (`/passkeys/authenticate/init`, then `/passkeys/authenticate`).
 *
 * @example
 * const { user } = await loginWithPasskey(ctx);
 */
export async function loginWithPasskey(
  ctx: FlowContext,
  params: LoginPasskeyParameters = {},
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  params.onStatus?.('generating-challenge');
  const init = await ctx.http.call(
    passkeyApi.passkeyAuthenticateInit,
    { token: params.captchaToken, ...relyingParty() },
    noBearer,
  );
  params.onStatus?.('awaiting-passkey');
  const { startAuthentication } = await webauthn();
  let assertion: WebAuthnAssertionJSON;
  try {
    const options = requestOptionsFromWire(init.options);
    if (params.credentialIds)
      options.allowCredentials = params.credentialIds.map((id) => ({ id, type: 'public-key' as const }));
    const json = await startAuthentication({ optionsJSON: options as never });
    assertion = json as WebAuthnAssertionJSON;
  } catch (error) {
    throw browserError(error);
  }
  params.onStatus?.('submitting-response');
  const body = {
    authenticator_response: assertionToWire(assertion),
    challenge: init.options.challenge,
    relying_party: init.relying_party,
  };
  return completeLogin(ctx, await ctx.http.call(passkeyApi.passkeyAuthenticate, body, noBearer));
}

/**
 * Adds a passkey to the logged-in user (at most 5) (`/passkeys/link/init`, then `/passkeys/link`).
 *
 * @example
 * const user = await linkWithPasskey(ctx);
 */
export async function linkWithPasskey(ctx: FlowContext, params: LinkPasskeyParameters = {}): Promise<User> {
  assertLoggedIn(ctx);
  params.onStatus?.('generating-challenge');
  const init = await ctx.http.call(passkeyApi.passkeyLinkInit, relyingParty());
  params.onStatus?.('awaiting-passkey');
  const registration = await createCredential(init.options, params.name);
  params.onStatus?.('submitting-response');
  const body = { authenticator_response: registration, relying_party: init.relying_party };
  return completeAccountChange(ctx, await ctx.http.call(passkeyApi.passkeyLink, body));
}

/**
 * Removes one of the user's passkeys (`/passkeys/unlink`); the user's only account cannot go. A passkey
 * that is an MFA factor goes through the wallet frame, which holds the MFA token its removal needs
 * (the user is asked to verify when the frame holds none).
 *
 * @example
 * const user = await unlinkPasskey(ctx, { credentialId: account.credential_id });
 */
export async function unlinkPasskey(ctx: FlowContext, params: UnlinkPasskeyParameters): Promise<User> {
  assertLoggedIn(ctx);
  const account = ctx.session.user?.linked_accounts.find(
    (a) => a.type === 'passkey' && (a as { credential_id?: unknown }).credential_id === params.credentialId,
  ) as { enrolled_in_mfa?: boolean } | undefined;
  if (account?.enrolled_in_mfa && ctx.embeddedWallets) {
    // The frame's action refreshes the session: the user it holds now is the one without the passkey.
    const { mfa } = await ctx.embeddedWallets();
    await mfa.unlinkPasskey(params.credentialId, { removeAsMfa: params.removeAsMfa ?? true });
    assertLoggedIn(ctx);
    return ctx.session.user as User;
  }
  const body = { credential_id: params.credentialId, remove_as_mfa: params.removeAsMfa };
  return completeAccountChange(ctx, await ctx.http.call(passkeyApi.passkeyUnlink, body));
}
