import {
  type FarcasterStatus,
  farcasterApi,
  farcasterV2Api,
  headers,
  type LoginMode,
  type User,
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
import { type TransferAccount, transferAccount } from './transfer.ts';

/*
 * Sign in with Farcaster (spec document 1 §1, §4; WIRE.md §3.6): the server opens a channel, the
 * user signs the channel's message in their Farcaster app (reached by the connect URI: a QR code on
 * a computer, a link on a phone), and the channel's status, read every 2 s, carries the signed
 * message back; the server checks it when it logs the user in. Loaded on first use, never at first
 * load (`@latchkey/core/flows/farcaster`, run with `client.run`).
 */

/** Spec document 1 §4: the channel is read every 2 s, for 120 s at most. */
export const farcasterTimings = { pollMs: 2000, timeoutMs: 120_000 } as const;

export interface FarcasterChannel {
  channelToken: string;
  /** What the Farcaster app opens: the QR code's value, and the phone's link. */
  connectUri: string;
}

export interface InitFarcasterParameters {
  /** Where the Farcaster app sends a phone's browser back after signing. */
  redirectUrl?: string | undefined;
  /** The app's origin the message names when it differs from the page's (a native app). */
  relyingParty?: string | undefined;
  /** The app's captcha token, when it has a captcha. */
  captchaToken?: string | undefined;
}

/** Opens a channel (`POST /api/v1/farcaster/init`). */
export async function initFarcasterChannel(
  ctx: FlowContext,
  { redirectUrl, relyingParty, captchaToken }: InitFarcasterParameters = {},
): Promise<FarcasterChannel> {
  const body = { token: captchaToken, redirect_url: redirectUrl, relying_party: relyingParty };
  const channel = await ctx.http.call(farcasterApi.farcasterInit, body, noBearer);
  return { channelToken: channel.channel_token, connectUri: channel.connect_uri };
}

/** Reads the channel once (`GET /api/v1/farcaster/status`, the token in its own header). */
export function readFarcasterStatus(ctx: FlowContext, channelToken: string): Promise<FarcasterStatus> {
  return ctx.http.call(farcasterApi.farcasterStatus, undefined, {
    ...noBearer,
    headers: { [headers.farcasterChannelToken]: channelToken },
  });
}

/** What the user signed in their Farcaster app: the proof the login or link sends. */
export interface FarcasterSignIn {
  channelToken: string;
  message: string;
  signature: string;
  fid: number;
}

export interface WatchFarcasterParameters {
  channelToken: string;
  /** Resolves after `ms`; the modal passes its timers so a closed modal stops the watch. */
  wait(ms: number): Promise<void>;
  /** False once the watch should stop (the modal closed, the user went back). */
  active(): boolean;
  now?: () => number;
}

/**
 * Reads the channel every 2 s until the user signed (the signed message), for 120 s at most.
 *
 * @throws `farcaster_polling_timeout` after 120 s; `farcaster_polling_canceled` once `active()` is false.
 */
export async function watchFarcasterChannel(
  ctx: FlowContext,
  { channelToken, wait, active, now = Date.now }: WatchFarcasterParameters,
): Promise<FarcasterSignIn> {
  const deadline = now() + farcasterTimings.timeoutMs;
  for (;;) {
    if (!active())
      throw new LatchkeyClientError('farcaster_polling_canceled', 'Farcaster login was canceled');
    const status = await readFarcasterStatus(ctx, channelToken);
    if (status.state === 'completed') {
      return { channelToken, message: status.message, signature: status.signature, fid: status.fid };
    }
    if (now() + farcasterTimings.pollMs > deadline)
      throw new LatchkeyClientError('farcaster_polling_timeout', 'Farcaster login timed out');
    await wait(farcasterTimings.pollMs);
  }
}

/** True for an fid the server can take: a positive whole number (the registries' ids). */
const isFid = (fid: unknown): fid is number => Number.isSafeInteger(fid) && (fid as number) > 0;

const signInBody = (signIn: FarcasterSignIn) => ({
  channel_token: signIn.channelToken,
  message: signIn.message,
  signature: signIn.signature,
  fid: signIn.fid,
});

/** Logs in with what the user signed (`POST /api/v1/farcaster/authenticate`). Refused while logged in. */
export async function loginWithFarcaster(
  ctx: FlowContext,
  { signIn, mode }: { signIn: FarcasterSignIn; mode?: LoginMode | undefined },
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  const body = { ...signInBody(signIn), mode };
  return completeLogin(ctx, await ctx.http.call(farcasterApi.farcasterAuthenticate, body, noBearer));
}

/** Links the Farcaster account the user signed for (`POST /api/v1/farcaster/link`). */
export async function linkFarcaster(ctx: FlowContext, signIn: FarcasterSignIn): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await ctx.http.call(farcasterApi.farcasterLink, signInBody(signIn)));
}

/** Unlinks the user's Farcaster account by its fid (`POST /api/v1/farcaster/unlink`). */
export async function unlinkFarcaster(ctx: FlowContext, { fid }: { fid: number }): Promise<User> {
  assertLoggedIn(ctx);
  if (!isFid(fid))
    throw new LatchkeyClientError('invalid_input', `A Farcaster fid is a positive whole number, not ${fid}`);
  return completeAccountChange(ctx, await ctx.http.call(farcasterApi.farcasterUnlink, { fid }));
}

/**
 * The account a refused link names, for the transfer screen: moved with `farcaster/transfer`, the fid
 * and the other user's embedded wallet (`farcaster_embedded_address`, left out when they have none)
 * beside the refusal's nonce.
 *
 * @throws `invalid_input` when `fid` is not a positive whole number.
 */
export function farcasterTransferAccount(fid: number, embeddedAddress?: string | null): TransferAccount {
  if (!isFid(fid))
    throw new LatchkeyClientError('invalid_input', `A Farcaster fid is a positive whole number, not ${fid}`);
  return {
    type: 'route',
    route: farcasterApi.farcasterTransfer,
    body: { farcaster_id: fid, ...(embeddedAddress ? { farcaster_embedded_address: embeddedAddress } : {}) },
  };
}

/**
 * Takes over the Farcaster account `fid` from the user who holds it, with the nonce of the link's
 * `account_transfer_required` refusal (`POST /api/v1/farcaster/transfer`); the server deletes that
 * other user.
 *
 * @example
 * const transfer = accountTransferRequired(error);
 * if (transfer) await transferFarcaster(ctx, { fid: signIn.fid, nonce: transfer.nonce });
 */
export async function transferFarcaster(
  ctx: FlowContext,
  {
    fid,
    nonce,
    embeddedAddress,
  }: { fid: number; nonce: string; embeddedAddress?: string | null | undefined },
): Promise<User> {
  const account = farcasterTransferAccount(fid, embeddedAddress);
  if (typeof nonce !== 'string' || !nonce)
    throw new LatchkeyClientError(
      'invalid_input',
      'A transfer needs the nonce of the account_transfer_required refusal',
    );
  return transferAccount(ctx, { account, nonce });
}

/**
 * Inside a Farcaster Mini App (v2): a nonce for the host to sign in with (`sdk.actions.signIn`),
 * from `POST /api/v2/farcaster/init`. `expiresAt` is ISO 8601.
 */
export async function initFarcasterMiniApp(ctx: FlowContext): Promise<{ nonce: string; expiresAt: string }> {
  assertLoggedOut(ctx);
  const { nonce, expires_at } = await ctx.http.call(farcasterV2Api.farcasterV2Init, {}, noBearer);
  return { nonce, expiresAt: expires_at };
}

/** The fid a Sign In With Farcaster message names (its `farcaster://fid/N` resource), or null. */
export function fidOfMessage(message: string): number | null {
  const match = /^- farcaster:\/\/fids?\/([1-9]\d{0,15})\/?$/m.exec(message);
  return match ? Number(match[1]) : null;
}

/**
 * Logs in with what the Mini App's host signed (`POST /api/v2/farcaster/authenticate`); the fid is
 * read from the message when not given (the incumbent's `loginToMiniApp` takes none).
 *
 * @throws `invalid_input` when no fid is given and the message names none.
 */
export async function loginWithFarcasterMiniApp(
  ctx: FlowContext,
  signed: { message: string; signature: string; fid?: number | undefined; mode?: LoginMode | undefined },
): Promise<LoginResult> {
  assertLoggedOut(ctx);
  if (
    !signed ||
    typeof signed.message !== 'string' ||
    !signed.message ||
    typeof signed.signature !== 'string' ||
    !signed.signature
  )
    throw new LatchkeyClientError(
      'invalid_input',
      'A Mini App login needs the signed SIWF message and its signature: { message, signature }',
    );
  const fid = signed.fid ?? fidOfMessage(signed.message);
  if (fid === null) throw new LatchkeyClientError('invalid_input', 'The message names no Farcaster fid');
  if (!isFid(fid))
    throw new LatchkeyClientError('invalid_input', `A Farcaster fid is a positive whole number, not ${fid}`);
  const body = { fid, message: signed.message, signature: signed.signature, mode: signed.mode };
  return completeLogin(ctx, await ctx.http.call(farcasterV2Api.farcasterV2Authenticate, body, noBearer));
}
