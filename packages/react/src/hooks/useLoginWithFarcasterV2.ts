import type { LatchkeyClient } from '@latchkey/core';
import { useCallback } from 'react';
import { reportHeadlessLogin } from '../accountOf.ts';
import type { LatchkeyEvents } from '../events.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';

/** What a Mini App's host signed (`sdk.actions.signIn({ nonce })`): the SIWF message and its signature. */
export interface LoginWithFarcasterV2Input {
  /** The Farcaster user ID; read from the message's `farcaster://fid/N` resource when left out. */
  fid?: number;
  /** The SIWF message. */
  message: string;
  /** The signature of the SIWF message. */
  signature: string;
}

/** The incumbent's `LoginToMiniApp`: the signed message, its fid read from the message. */
export interface LoginToMiniAppInput {
  message: string;
  signature: string;
}

/** What the hooks pass on: as the app gave it (plain JavaScript may pass anything), checked by the flow. */
type Signed = { fid?: number | undefined; message: string | undefined; signature: string | undefined };

const farcasterFlows = () => import('@latchkey/core/flows/farcaster');

/** A nonce for the host to sign (`POST /api/v2/farcaster/init`), valid until `expiresAt` (ISO 8601). */
const initMiniApp = (client: LatchkeyClient) =>
  farcasterFlows().then((m) => client.run((ctx) => m.initFarcasterMiniApp(ctx)));

/** Logs in with what the host signed, and tells the provider's login listeners (`useLogin`'s `onComplete`). */
async function loginMiniApp(
  client: LatchkeyClient,
  events: LatchkeyEvents,
  input: Signed,
): Promise<ClientUser> {
  const m = await farcasterFlows();
  const { user, isNewUser } = await client.run((ctx) =>
    m.loginWithFarcasterMiniApp(ctx, input as LoginWithFarcasterV2Input),
  );
  const clientUser = toClientUser(user);
  reportHeadlessLogin(events, { user: clientUser, isNewUser, loginMethod: 'farcaster' });
  return clientUser;
}

/**
 * Sign In With Farcaster inside a Farcaster Mini App (v2), without the modal: `init` asks the server
 * for a nonce, the host signs a SIWF message with it (`sdk.actions.signIn({ nonce })`), and `login`
 * logs in with the message and signature. Both reject with the error (`invalid_credentials` for a
 * stale nonce or a bad signature, `already_logged_in`, `disallowed_login_method`…).
 *
 * @example
 * const { init, login } = useLoginWithFarcasterV2();
 * const { nonce } = await init();
 * const { message, signature } = await sdk.actions.signIn({ nonce });
 * const { user } = await login({ message, signature });
 */
export function useLoginWithFarcasterV2(): {
  init(): Promise<{ nonce: string; expiresAt: string }>;
  login(input: LoginWithFarcasterV2Input): Promise<{ user: ClientUser }>;
} {
  const { client, events } = useLatchkeyContext();
  return {
    init: useCallback(() => initMiniApp(client), [client]),
    login: useCallback(
      async (input: LoginWithFarcasterV2Input) => ({
        user: await loginMiniApp(client, events, {
          fid: input?.fid,
          message: input?.message,
          signature: input?.signature,
        }),
      }),
      [client, events],
    ),
  };
}

/**
 * The incumbent's Mini App login (`@privy-io/react-auth/farcaster`): `initLoginToMiniApp` gives the
 * nonce for `sdk.actions.signIn`, `loginToMiniApp` logs in with what the host signed (the fid read
 * from the message) and resolves to the user.
 *
 * @example
 * const { initLoginToMiniApp, loginToMiniApp } = useLoginToMiniApp();
 * const { nonce } = await initLoginToMiniApp();
 * const user = await loginToMiniApp(await sdk.actions.signIn({ nonce }));
 */
export function useLoginToMiniApp(): {
  initLoginToMiniApp(): Promise<{ nonce: string }>;
  loginToMiniApp(input: LoginToMiniAppInput): Promise<ClientUser | null>;
} {
  const { client, events } = useLatchkeyContext();
  return {
    initLoginToMiniApp: useCallback(() => initMiniApp(client).then(({ nonce }) => ({ nonce })), [client]),
    loginToMiniApp: useCallback(
      (input: LoginToMiniAppInput) =>
        loginMiniApp(client, events, { message: input?.message, signature: input?.signature }),
      [client, events],
    ),
  };
}
