import {
  type FarcasterStatus,
  farcasterApi,
  headers,
  type RelayAuthenticateRequest,
} from '@latchkey/protocol';
import type { Context } from 'hono';
import type { AppRecord } from '../app-config/app-record.ts';
import { assertCaptcha } from '../captcha/assert-captcha.ts';
import type { ServerContext } from '../context.ts';
import { randomId } from '../crypto/random.ts';
import { type Route, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import type { AppEnv } from '../http/env.ts';
import { isAllowedOrigin } from '../http/origin.ts';
import { acceptRedirectTarget } from '../oauth/redirect-target.ts';
import { initBody } from './bodies.ts';
import { deliverChannel, findChannel, openChannel, recordDelivery, unknownChannel } from './channels.ts';
import { connectUri } from './connect-uri.ts';
import { openRemoteChannel, readRemoteChannel } from './external-relay.ts';
import { farcasterSettings } from './settings.ts';
import { assertFarcasterEnabled } from './sign-in.ts';

const noDomain = () =>
  new ApiError(
    'invalid_data',
    'Cannot tell which domain the Farcaster sign-in is for: call from an allowed origin, or name it in relying_party.',
  );

/** An origin (`https://app.example.com`) of one of the app's allowed domains, or null. */
function allowedOrigin(app: AppRecord, value: string): URL | null {
  let url: URL | null = null;
  try {
    url = new URL(value.includes('://') ? value : `https://${value}`);
  } catch {
    return null;
  }
  if (!/^https?:$/.test(url.protocol) || !isAllowedOrigin(app, url.origin)) return null;
  return url;
}

/**
 * The domain and URI the user signs in to, as a wallet sign-in's (EIP-4361 `domain` and `URI`):
 * `relying_party` when the caller names one (a native app has no origin), else the page's origin,
 * else the app's first allowed domain; each must be one of the app's allowed domains.
 */
function signInTarget(app: AppRecord, origin: string | undefined, relyingParty?: string): URL {
  if (relyingParty !== undefined) {
    const url = allowedOrigin(app, relyingParty);
    if (!url)
      throw new ApiError('invalid_data', "Invalid relying_party: not one of the app's allowed domains.");
    return url;
  }
  const fromOrigin = origin ? allowedOrigin(app, origin) : null;
  if (fromOrigin) return fromOrigin;
  const first = app.config.allowed_domains.find((domain) => !domain.includes('*'));
  const fromConfig = first ? allowedOrigin(app, first) : null;
  if (!fromConfig) throw noDomain();
  return fromConfig;
}

/** The channel token of `farcaster-channel-token`, or invalid_data. */
function channelTokenHeader(c: Context<AppEnv>): string {
  const token = c.req.header(headers.farcasterChannelToken);
  if (!token || token.length > 100)
    throw new ApiError('invalid_data', `Missing ${headers.farcasterChannelToken} header.`);
  return token;
}

/** A completed channel as `/farcaster/status` answers it (WIRE.md §3.6): the profile as strings. */
const completedStatus = (nonce: string, done: RelayAuthenticateRequest): FarcasterStatus => ({
  state: 'completed',
  nonce,
  message: done.message,
  signature: done.signature,
  fid: done.fid,
  username: done.username ?? '',
  display_name: done.displayName ?? '',
  bio: done.bio ?? '',
  pfp_url: done.pfpUrl ?? '',
});

/**
 * `/api/v1/farcaster/init` opens a relay channel for the app's login, and `/api/v1/farcaster/status`
 * reads it (WIRE.md §3.6): pending, or once, completed with what the Farcaster app sent.
 */
export function loginChannelRoutes(ctx: ServerContext): Route[] {
  const ip = (c: Context<AppEnv>) => clientIp(c, ctx.settings.trustProxy);
  return [
    route(farcasterApi.farcasterInit, {
      auth: 'app',
      body: initBody,
      handler: async (c, body) => {
        const app = c.get('app');
        assertFarcasterEnabled(app);
        const origin = c.req.header('origin');
        const target = signInTarget(app, origin, body.relying_party);
        const redirectUrl =
          body.redirect_url === undefined ? undefined : acceptRedirectTarget(app, body.redirect_url, origin);
        await assertCaptcha(ctx, app, body.token, ip(c));
        await ctx.rateLimits.consume('verifyIp', ip(c));
        const settings = farcasterSettings(ctx.settings);
        const params = { domain: target.host, siweUri: target.origin, redirectUrl, acceptAuthAddress: true };
        if (settings.relayUrl) {
          // The relay elsewhere holds the channel for the Farcaster app; this server keeps the nonce
          // and domain the login will be held to, under the relay's token.
          const nonce = randomId(25);
          const remote = await openRemoteChannel(ctx, settings.relayUrl, { ...params, nonce });
          await openChannel(
            ctx,
            app.id,
            { ...params, nonce },
            settings.channelTtlSeconds,
            remote.channelToken,
          );
          return c.json({ channel_token: remote.channelToken, connect_uri: remote.connectUri });
        }
        const channel = await openChannel(ctx, app.id, params, settings.channelTtlSeconds);
        return c.json({ channel_token: channel.token, connect_uri: connectUri(settings, channel.token) });
      },
    }),
    route(farcasterApi.farcasterStatus, {
      auth: 'app',
      handler: async (c) => {
        const app = c.get('app');
        assertFarcasterEnabled(app);
        const channel = await findChannel(ctx, channelTokenHeader(c), app.id);
        if (!channel || channel.state === 'delivered') throw unknownChannel();
        const { relayUrl } = farcasterSettings(ctx.settings);
        if (relayUrl) {
          const remote = await readRemoteChannel(ctx, relayUrl, channel.token);
          if (remote.state === 'gone') throw unknownChannel();
          if (remote.state === 'pending')
            return c.json({ state: 'pending', nonce: channel.nonce } satisfies FarcasterStatus);
          if (!(await recordDelivery(ctx, channel.token, remote.completion))) throw unknownChannel();
          return c.json(completedStatus(channel.nonce, remote.completion));
        }
        if (channel.state === 'pending' || !channel.completion)
          return c.json({ state: 'pending', nonce: channel.nonce } satisfies FarcasterStatus);
        // Once: a second read finds no channel; the login still spends it (sign-in.ts).
        if (!(await deliverChannel(ctx, channel.token))) throw unknownChannel();
        return c.json(completedStatus(channel.nonce, channel.completion));
      },
    }),
  ];
}
