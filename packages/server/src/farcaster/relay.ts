import { createHash, timingSafeEqual } from 'node:crypto';
import { farcasterRelayApi, farcasterRelayHeaders } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { type Route, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { parseEvmSignature } from '../wallets/evm-signature.ts';
import { relayAuthenticateBody, relayChannelBody } from './bodies.ts';
import {
  type ChannelParams,
  completeChannel,
  deliverChannel,
  findChannel,
  openChannel,
  relayStatus,
  unknownChannel,
} from './channels.ts';
import { connectUri } from './connect-uri.ts';
import { farcasterSettings } from './settings.ts';
import { parseSiwfMessage } from './siwf-message.ts';

/**
 * The Farcaster auth relay's channel protocol (REFERENCES §2.2), embedded: the reference relay is a
 * private app that needs Redis, a hub and an RPC, so the server serves its three routes itself,
 * under `/farcaster-relay`, over its own channel store (channels.ts).
 */

/** The channel token of `Authorization: Bearer <channelToken>`. */
function bearerToken(c: Context<AppEnv>): string {
  const match = /^Bearer ([\x21-\x7e]{1,100})$/.exec(c.req.header('authorization') ?? '');
  if (!match)
    throw new ApiError(
      'invalid_credentials',
      'Missing channel token: send Authorization: Bearer <channelToken>.',
    );
  return match[1]!;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Only the Farcaster app completes channels: it sends the relay key. Compared in constant time (as
 * digests, so lengths do not show), and never logged.
 */
function assertRelayKey(ctx: ServerContext, c: Context<AppEnv>): void {
  const { relayKey } = farcasterSettings(ctx.settings);
  if (!relayKey)
    throw new ApiError(
      'feature_not_enabled',
      'This relay completes no channels: the server has no relay key (LATCHKEY_FARCASTER_RELAY_KEY).',
    );
  const given = c.req.header(farcasterRelayHeaders.relayKey);
  if (!given || !timingSafeEqual(digest(given), digest(relayKey)))
    throw new ApiError('invalid_credentials', 'Missing or wrong relay key (X-Farcaster-Auth-Relay-Key).');
}

const invalid = (detail: string) => new ApiError('invalid_data', `Invalid channel: ${detail}.`);

/** An ISO 8601 date-time, or invalid_data naming it. */
function isoTime(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i.test(value) ||
    Number.isNaN(Date.parse(value))
  )
    throw invalid(`${name} must be an ISO 8601 date-time`);
  return value;
}

/** The relay's checks of a channel's parameters (`POST /v1/channel`). */
export function channelParams(body: {
  siweUri: string;
  domain: string;
  nonce?: string | undefined;
  notBefore?: string | undefined;
  expirationTime?: string | undefined;
  requestId?: string | undefined;
  redirectUrl?: string | undefined;
  acceptAuthAddress?: boolean | undefined;
}): ChannelParams {
  if (!/^[a-z0-9.-]+(:\d{1,5})?$/i.test(body.domain))
    throw invalid('domain must be a host, with a port if any');
  // The reference relay's rule: no channel may ask to sign in to Farcaster itself.
  if (body.domain.toLowerCase().includes('farcaster.xyz')) throw invalid('domain may not be farcaster.xyz');
  let uri: URL | null = null;
  try {
    uri = new URL(body.siweUri);
  } catch {}
  if (!uri || !/^https?:$/.test(uri.protocol)) throw invalid('siweUri must be an http(s) URI');
  if (body.nonce !== undefined && !/^[a-zA-Z0-9]{8,100}$/.test(body.nonce))
    throw invalid('nonce must be 8 or more letters and digits');
  if (body.redirectUrl !== undefined) {
    let redirect: URL | null = null;
    try {
      redirect = new URL(body.redirectUrl);
    } catch {}
    if (!redirect) throw invalid('redirectUrl must be a URL');
  }
  return {
    domain: body.domain,
    siweUri: body.siweUri,
    nonce: body.nonce,
    notBefore: isoTime(body.notBefore, 'notBefore'),
    expirationTime: isoTime(body.expirationTime, 'expirationTime'),
    requestId: body.requestId,
    redirectUrl: body.redirectUrl,
    acceptAuthAddress: body.acceptAuthAddress ?? true,
  };
}

export function relayRoutes(ctx: ServerContext): Route[] {
  const ip = (c: Context<AppEnv>) => clientIp(c, ctx.settings.trustProxy);
  return [
    // Public, as the reference relay's: a channel opened here belongs to no app, and only this
    // relay's status reads it (an app's login opens its own through `/api/v1/farcaster/init`).
    route(farcasterRelayApi.relayChannelCreate, {
      auth: 'public',
      body: relayChannelBody,
      handler: async (c, body) => {
        const params = channelParams(body);
        await ctx.rateLimits.consume('verifyIp', ip(c));
        const settings = farcasterSettings(ctx.settings);
        const channel = await openChannel(ctx, null, params, settings.channelTtlSeconds);
        const uri = connectUri(settings, channel.token);
        return c.json({ channelToken: channel.token, url: uri, connectUri: uri, nonce: channel.nonce }, 201);
      },
    }),
    route(farcasterRelayApi.relayChannelAuthenticate, {
      auth: 'public',
      body: relayAuthenticateBody,
      handler: async (c, body) => {
        assertRelayKey(ctx, c);
        const token = bearerToken(c);
        parseEvmSignature(body.signature);
        await ctx.rateLimits.consume('verifyIp', ip(c));
        const channel = await findChannel(ctx, token);
        if (channel?.state !== 'pending') throw unknownChannel();
        // The relay holds the completion to the channel (the app server verifies the signature):
        // a message for another sign-in or another fid never reaches the app.
        const message = parseSiwfMessage(body.message);
        if (message.fields.nonce !== channel.nonce || message.fid !== body.fid)
          throw new ApiError(
            'invalid_credentials',
            "The message does not carry this channel's nonce and fid.",
          );
        if (message.fields.domain.toLowerCase() !== channel.domain.toLowerCase())
          throw new ApiError('invalid_credentials', "The message is not for this channel's domain.");
        if (!(await completeChannel(ctx, token, body))) throw unknownChannel();
        const url = connectUri(farcasterSettings(ctx.settings), token);
        return c.json(relayStatus({ ...channel, state: 'completed', completion: body }, url), 201);
      },
    }),
    route(farcasterRelayApi.relayChannelStatus, {
      auth: 'public',
      handler: async (c) => {
        const channel = await findChannel(ctx, bearerToken(c));
        if (!channel || channel.state === 'delivered') throw unknownChannel();
        const url = connectUri(farcasterSettings(ctx.settings), channel.token);
        if (channel.state === 'pending') return c.json(relayStatus(channel, url), 202);
        // Delivered once: a second read of the completion finds no channel (401).
        if (!(await deliverChannel(ctx, channel.token))) throw unknownChannel();
        return c.json(relayStatus(channel, url), 200);
      },
    }),
  ];
}
