import { randomInt } from 'node:crypto';
import type { RelayAuthenticateRequest, RelayChannelStatus, RelaySignatureParams } from '@latchkey/protocol';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { ApiError } from '../http/api-error.ts';

/**
 * Relay channels (REFERENCES §2.2), stored in the database so every replica sees them: opened with
 * a nonce for one sign-in, completed once by the Farcaster app, delivered once to a status read,
 * spent once by a login. An unknown, expired, delivered or foreign channel reads as no channel.
 */

/** The reference relay's alphabet: no 0/O, 1/I. */
const tokenAlphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/**
 * 32 characters (160 bits), not the reference's 8 (40 bits): the token alone reads the signed
 * completion, which logs its holder in, for an hour; 40 bits is within reach of a botnet polling
 * that long. The Farcaster app reads the token from the connect URI whatever its length.
 */
export const channelTokenLength = 32;

export interface ChannelParams {
  domain: string;
  siweUri: string;
  nonce?: string | undefined;
  notBefore?: string | undefined;
  expirationTime?: string | undefined;
  requestId?: string | undefined;
  redirectUrl?: string | undefined;
  acceptAuthAddress: boolean;
}

/** A channel's optional sign-in parameters (stored as JSON in `params`). */
export type ChannelExtras = Pick<ChannelParams, 'notBefore' | 'expirationTime' | 'requestId' | 'redirectUrl'>;

export interface Channel {
  token: string;
  appId: string | null;
  nonce: string;
  domain: string;
  siweUri: string;
  extras: ChannelExtras;
  acceptAuthAddress: boolean;
  state: 'pending' | 'completed' | 'delivered';
  completion: RelayAuthenticateRequest | null;
  expiresAt: number;
}

export const unknownChannel = () =>
  new ApiError('invalid_credentials', 'Unknown or expired Farcaster channel: start the sign-in again.');

function newToken(): string {
  let token = '';
  for (let i = 0; i < channelTokenLength; i++) token += tokenAlphabet[randomInt(tokenAlphabet.length)];
  return token;
}

/** Opens a channel for an app (null: through the relay's own route); the nonce is the caller's or a new one. */
export async function openChannel(
  ctx: ServerContext,
  appId: string | null,
  params: ChannelParams,
  ttlSeconds: number,
  /** The token a relay elsewhere gave the channel (external-relay.ts); else a new one. */
  token: string = newToken(),
): Promise<Channel> {
  const now = ctx.now();
  const { domain, siweUri, nonce: given, acceptAuthAddress, ...rest } = params;
  const channel: Channel = {
    token,
    appId,
    // 25 of [a-z0-9] (~128 bits): a valid EIP-4361 nonce (alphanumeric, 8 or more).
    nonce: given ?? randomId(25),
    domain,
    siweUri,
    extras: rest,
    acceptAuthAddress,
    state: 'pending',
    completion: null,
    expiresAt: now + ttlSeconds,
  };
  await ctx.db
    .insertInto('farcaster_channels')
    .values({
      token: channel.token,
      app_id: appId,
      nonce: channel.nonce,
      domain,
      siwe_uri: siweUri,
      params: JSON.stringify(rest),
      accept_auth_address: acceptAuthAddress ? 1 : 0,
      state: 'pending',
      completion: null,
      created_at: now,
      expires_at: channel.expiresAt,
    })
    .execute();
  return channel;
}

/**
 * The live channel of this token, or null. `appId` undefined: any channel (the relay's routes);
 * otherwise only that app's (another app's token is no channel to it).
 */
export async function findChannel(
  ctx: ServerContext,
  token: string,
  appId?: string,
): Promise<Channel | null> {
  let query = ctx.db
    .selectFrom('farcaster_channels')
    .selectAll()
    .where('token', '=', token)
    .where('expires_at', '>', ctx.now());
  if (appId !== undefined) query = query.where('app_id', '=', appId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    token: row.token,
    appId: row.app_id,
    nonce: row.nonce,
    domain: row.domain,
    siweUri: row.siwe_uri,
    extras: row.params ? (JSON.parse(row.params) as ChannelExtras) : {},
    acceptAuthAddress: Number(row.accept_auth_address) === 1,
    state: row.state,
    completion: row.completion ? (JSON.parse(row.completion) as RelayAuthenticateRequest) : null,
    expiresAt: Number(row.expires_at),
  };
}

/** Records the Farcaster app's completion of a pending channel; false when it is not pending any more. */
export async function completeChannel(
  ctx: ServerContext,
  token: string,
  completion: RelayAuthenticateRequest,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable('farcaster_channels')
    .set({ state: 'completed', completion: JSON.stringify(completion) })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Marks a completed channel delivered: the one status read that sees the completion (the reference
 * relay deletes it there; here the login still needs its nonce). Of two racing reads one wins.
 */
export async function deliverChannel(ctx: ServerContext, token: string): Promise<boolean> {
  const result = await ctx.db
    .updateTable('farcaster_channels')
    .set({ state: 'delivered' })
    .where('token', '=', token)
    .where('state', '=', 'completed')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the completion a relay elsewhere delivered (external-relay.ts) as delivered: that relay
 * gives it once, and so does this server.
 */
export async function recordDelivery(
  ctx: ServerContext,
  token: string,
  completion: RelayAuthenticateRequest,
): Promise<boolean> {
  const result = await ctx.db
    .updateTable('farcaster_channels')
    .set({ state: 'delivered', completion: JSON.stringify(completion) })
    .where('token', '=', token)
    .where('state', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Spends an app's channel (a login used its nonce): one statement, so of two racing logins one wins. */
export async function spendChannel(ctx: ServerContext, token: string, appId: string): Promise<void> {
  const result = await ctx.db
    .deleteFrom('farcaster_channels')
    .where('token', '=', token)
    .where('app_id', '=', appId)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw unknownChannel();
}

/**
 * A channel as the relay's status answers it, as the reference relay's does: with its connect URI
 * (`url`) and the parameters the Farcaster app builds the message from (`signatureParams`).
 */
export function relayStatus(channel: Channel, url: string): RelayChannelStatus {
  const signatureParams: RelaySignatureParams = {
    siweUri: channel.siweUri,
    domain: channel.domain,
    nonce: channel.nonce,
  };
  for (const key of ['notBefore', 'expirationTime', 'requestId', 'redirectUrl'] as const) {
    const value = channel.extras[key];
    if (value !== undefined) signatureParams[key] = value;
  }
  const base = { nonce: channel.nonce, url, signatureParams, acceptAuthAddress: channel.acceptAuthAddress };
  if (channel.state === 'pending' || !channel.completion) return { state: 'pending', ...base };
  return { state: 'completed', ...base, ...channel.completion };
}
