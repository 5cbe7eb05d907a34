import { fundingApi } from '@latchkey/protocol';
import { type Feature, route } from '../feature.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import {
  assertProviderEnabled,
  cdpCredentialsOf,
  fundingAppSettings,
  moonpayCredentialsOf,
} from './app-settings.ts';
import {
  coinbaseInitBody,
  moonpaySignBody,
  readQuery,
  splTokenInfoQuery,
  statusQuery,
  tokenPriceQuery,
} from './bodies.ts';
import { type CoinbaseOnramp, coinbaseOnrampClient, onrampStatusOf } from './coinbase-onramp.ts';
import { fundingFixtures } from './fixtures.ts';
import { signedMoonpayUrl } from './moonpay-url.ts';
import { assertOwnedAddress } from './owned-address.ts';
import { partnerUserIdOf } from './partner-user-id.ts';
import { builtInPrices, coinGeckoPrices, firstOf, type PriceSource } from './prices.ts';
import { type FundingSettings, fundingSettings } from './settings.ts';
import { splTokenInfo } from './spl-token-info.ts';

/**
 * Funding (spec document 2 §3, §4, §7; REFERENCES §5; docs/funding.md): the server's half of the
 * card on-ramps (a Coinbase Onramp session token made with the app's sealed CDP key and the
 * buyer's status; a MoonPay widget URL signed with the app's sealed secret key) and the token data
 * the funding screens show. The client talks to the providers' pages and MoonPay's status API
 * itself; the hosts here are server settings, so tests point them at local stand-ins.
 */
export const fundingFeature: Feature = {
  name: 'funding',
  appSettings: fundingAppSettings,
  routes: ({ ctx }) => {
    // Made at the first funding request, not here: the settings are read (and checked) once the
    // server runs, and the price cache lives as long as the server.
    let made: { coinbase: CoinbaseOnramp; prices: PriceSource; settings: FundingSettings } | null = null;
    const services = () => {
      if (made) return made;
      const settings = fundingSettings(ctx.settings);
      const log = (message: string, fields: Record<string, unknown>) => ctx.log.error(message, fields);
      const now = () => ctx.now();
      const coinbase = coinbaseOnrampClient({ apiUrl: settings.coinbaseApiUrl, now, log });
      const prices = settings.priceApiUrl
        ? firstOf(
            builtInPrices,
            coinGeckoPrices({ apiUrl: settings.priceApiUrl, ttlSeconds: settings.priceTtlSeconds, now, log }),
          )
        : builtInPrices;
      made = { coinbase, prices, settings };
      return made;
    };
    return [
      route(fundingApi.coinbaseOnrampInit, {
        auth: 'user',
        body: coinbaseInitBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertProviderEnabled(app, 'coinbase');
          const credentials = cdpCredentialsOf(ctx, app);
          const session = await services().coinbase.createSession(credentials, {
            addresses: body.addresses,
            ...(body.assets ? { assets: body.assets } : {}),
            // Coinbase now requires the buyer's IP, to tie the single-use token to them.
            clientIp: clientIp(c, ctx.settings.trustProxy),
          });
          return c.json({
            app_id: app.id,
            session_token: session.token,
            ...(session.channelId ? { channel_id: session.channelId } : {}),
            partner_user_id: partnerUserIdOf(ctx, app.id, c.get('auth').userId),
          });
        },
      }),
      route(fundingApi.coinbaseOnrampStatus, {
        auth: 'user',
        handler: async (c) => {
          const app = c.get('app');
          // Not held to the app's funding config: a purchase begun before the app turned Coinbase off
          // still reports how it ended, and the caller only reads their own purchases.
          const { partnerUserId } = readQuery(c, statusQuery);
          // Only the caller's own purchases: another user's id would tell them what someone bought.
          if (partnerUserId !== partnerUserIdOf(ctx, app.id, c.get('auth').userId))
            throw new ApiError('invalid_data', 'partnerUserId is not this user’s.');
          const status = await services().coinbase.latestStatus(cdpCredentialsOf(ctx, app), partnerUserId);
          return c.json({ status: onrampStatusOf(status) });
        },
      }),
      route(fundingApi.moonpaySign, {
        auth: 'user',
        body: moonpaySignBody,
        handler: async (c, body) => {
          const app = c.get('app');
          assertProviderEnabled(app, 'moonpay');
          const credentials = moonpayCredentialsOf(ctx, app);
          await assertOwnedAddress(ctx, app.id, c.get('auth').userId, body.address);
          const { moonpayWidgetUrl, moonpaySandboxWidgetUrl } = services().settings;
          return c.json(
            signedMoonpayUrl(body.useSandbox ? moonpaySandboxWidgetUrl : moonpayWidgetUrl, credentials, body),
          );
        },
      }),
      route(fundingApi.tokenPrice, {
        auth: 'app',
        handler: async (c) => {
          const { chainId, tokenSymbol } = readQuery(c, tokenPriceQuery);
          // Solana has no EVM chain id: the client asks for SOL with chain id 0 (spec document 2 §9).
          if (chainId === 0 && tokenSymbol.toUpperCase() !== 'SOL')
            throw new ApiError('invalid_data', 'Chain id 0 is Solana: only SOL is priced there.');
          const usd = await services().prices.priceUsd(chainId, tokenSymbol);
          if (usd === null) throw new ApiError('invalid_data', `No price for ${tokenSymbol}.`);
          return c.json({ usd });
        },
      }),
      route(fundingApi.splTokenInfo, {
        auth: 'app',
        handler: async (c) => {
          const query = readQuery(c, splTokenInfoQuery);
          return c.json(await splTokenInfo(ctx, c.get('app').id, query.mint_address, query.cluster));
        },
      }),
    ];
  },
  fixtures: fundingFixtures,
};
