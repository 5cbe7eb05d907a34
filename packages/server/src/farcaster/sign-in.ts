import type { VerifiedIdentity } from '../accounts/account-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { parseEvmSignature } from '../wallets/evm-signature.ts';
import { isAllowedDomain } from '../wallets/sign-in-message.ts';
import { findChannel, spendChannel, unknownChannel } from './channels.ts';
import { type FarcasterProfile, hubProfile, profileFromCompletion } from './profile.ts';
import { farcasterSettings } from './settings.ts';
import { approvedSignerKey } from './signer-requests.ts';
import { parseSiwfMessage } from './siwf-message.ts';
import { invalidV2Nonce, isLiveV2Nonce, spendV2Nonce } from './v2-nonces.ts';
import { type VerifiedSiwf, verifySiwf } from './verify-siwf.ts';

/** A sign-in with a signed SIWF message: what the login, link and v2 routes take. */
export interface SignedSiwf {
  message: string;
  signature: string;
  fid: number;
}

/** Farcaster login is on for an app that enables it (`farcaster_auth`); linking too. */
export function assertFarcasterEnabled(app: AppRecord): void {
  if (!app.config.farcaster_auth)
    throw new ApiError('disallowed_login_method', 'Farcaster login is not enabled for this app.');
}

/**
 * The account a verified sign-in proves: the fid, its custody address (`owner_address`, the
 * identity token's `oa`), and the profile: the hub's when the server has one (the Farcaster
 * network's word), else `fallback` (what the Farcaster app said when completing the channel).
 */
async function farcasterIdentity(
  ctx: ServerContext,
  app: AppRecord,
  verified: VerifiedSiwf,
  fallback: FarcasterProfile,
): Promise<VerifiedIdentity> {
  const { hubUrl } = farcasterSettings(ctx.settings);
  const profile = (hubUrl ? await hubProfile(ctx, hubUrl, verified.fid) : null) ?? fallback;
  const details: Record<string, unknown> = { owner_address: verified.custody, ...profile };
  // The incumbent's accounts carry the picture under both names.
  if (profile.profile_picture_url) details.profile_picture = profile.profile_picture_url;
  // A login rewrites the account's details: the signer the fid approved for this app stays shown.
  const signerKey = await approvedSignerKey(ctx, app.id, verified.fid);
  if (signerKey) details.signer_public_key = signerKey;
  return { type: 'farcaster', identifier: String(verified.fid), details };
}

/**
 * v1: a sign-in on the app's channel. The message must carry the channel's nonce and domain; once
 * it verifies, the channel is spent (a second login with it is refused).
 */
export async function verifyChannelSignIn(
  ctx: ServerContext,
  app: AppRecord,
  body: SignedSiwf & { channel_token: string },
): Promise<VerifiedIdentity> {
  const channel = await findChannel(ctx, body.channel_token, app.id);
  if (!channel) throw unknownChannel();
  const verified = await verifySiwf(ctx, body, {
    fid: body.fid,
    nonce: channel.nonce,
    domainAllowed: (domain) => domain.toLowerCase() === channel.domain.toLowerCase(),
    acceptAuthAddress: channel.acceptAuthAddress,
  });
  await spendChannel(ctx, channel.token, app.id);
  const completion = channel.completion?.fid === body.fid ? channel.completion : null;
  return farcasterIdentity(ctx, app, verified, completion ? profileFromCompletion(completion) : {});
}

/**
 * v2 (Mini App): a sign-in the host signed with a nonce the app's `/api/v2/farcaster/init` issued,
 * for one of the app's domains; the nonce is spent once it verifies.
 */
export async function verifyMiniAppSignIn(
  ctx: ServerContext,
  app: AppRecord,
  body: SignedSiwf,
): Promise<VerifiedIdentity> {
  const { nonce } = parseSiwfMessage(body.message).fields;
  parseEvmSignature(body.signature);
  if (!(await isLiveV2Nonce(ctx, app.id, nonce))) throw invalidV2Nonce();
  const verified = await verifySiwf(ctx, body, {
    fid: body.fid,
    nonce,
    domainAllowed: (domain) => isAllowedDomain(app, domain),
    acceptAuthAddress: true,
  });
  await spendV2Nonce(ctx, app.id, nonce);
  return farcasterIdentity(ctx, app, verified, {});
}
