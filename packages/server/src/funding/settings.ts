import type { ServerSettings } from '../settings.ts';

/**
 * Where the funding providers live: the real hosts by default; a test (or a deployment behind an
 * egress proxy) points them elsewhere. Set through `LATCHKEY_FUNDING_*`, or `settings.funding` given
 * to `createLatchkey` (the augmentation below adds it to the server's settings from this folder).
 */
export interface FundingSettings {
  /** Coinbase's developer API (`LATCHKEY_FUNDING_COINBASE_API_URL`): the session token and status API. */
  coinbaseApiUrl: string;
  /** MoonPay's buy widget (`LATCHKEY_FUNDING_MOONPAY_WIDGET_URL`): the URL the sign route signs. */
  moonpayWidgetUrl: string;
  /** MoonPay's sandbox widget (`LATCHKEY_FUNDING_MOONPAY_SANDBOX_WIDGET_URL`): for `useSandbox`. */
  moonpaySandboxWidgetUrl: string;
  /**
   * A price API in CoinGecko's `simple/price` shape (`LATCHKEY_FUNDING_PRICE_API_URL`), for tokens
   * the built-in table does not know; an empty string turns it off (the table only).
   */
  priceApiUrl: string;
  /** How long a fetched price is reused (`LATCHKEY_FUNDING_PRICE_TTL_SECONDS`). */
  priceTtlSeconds: number;
}

declare module '../settings.ts' {
  interface ServerSettings {
    /** Funding's provider hosts (funding/settings.ts); when absent, read from `LATCHKEY_FUNDING_*`. */
    funding?: Partial<FundingSettings>;
  }
}

export const defaultFundingSettings: FundingSettings = {
  coinbaseApiUrl: 'https://api.developer.coinbase.com',
  moonpayWidgetUrl: 'https://buy.moonpay.com',
  moonpaySandboxWidgetUrl: 'https://buy-sandbox.moonpay.com',
  priceApiUrl: 'https://api.coingecko.com/api/v3',
  // A price shown beside an amount to fund: a minute old is fresh enough, and keeps us far under
  // the public API's rate limit.
  priceTtlSeconds: 60,
};

/** The settings from `LATCHKEY_FUNDING_*`; unset ones keep their defaults. */
export function fundingSettingsFromEnv(env: NodeJS.ProcessEnv): Partial<FundingSettings> {
  const settings: Partial<FundingSettings> = {};
  if (env.LATCHKEY_FUNDING_COINBASE_API_URL) settings.coinbaseApiUrl = env.LATCHKEY_FUNDING_COINBASE_API_URL;
  if (env.LATCHKEY_FUNDING_MOONPAY_WIDGET_URL)
    settings.moonpayWidgetUrl = env.LATCHKEY_FUNDING_MOONPAY_WIDGET_URL;
  if (env.LATCHKEY_FUNDING_MOONPAY_SANDBOX_WIDGET_URL)
    settings.moonpaySandboxWidgetUrl = env.LATCHKEY_FUNDING_MOONPAY_SANDBOX_WIDGET_URL;
  if (env.LATCHKEY_FUNDING_PRICE_API_URL !== undefined)
    settings.priceApiUrl = env.LATCHKEY_FUNDING_PRICE_API_URL;
  if (env.LATCHKEY_FUNDING_PRICE_TTL_SECONDS)
    settings.priceTtlSeconds = Number(env.LATCHKEY_FUNDING_PRICE_TTL_SECONDS);
  return settings;
}

/** An http(s) URL without its trailing slash; throws naming the variable otherwise. */
function baseUrl(value: string, variable: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${variable} must be an http(s) URL`);
  }
  if (!/^https?:$/.test(url.protocol)) throw new Error(`${variable} must be an http(s) URL`);
  return value.replace(/\/+$/, '');
}

/**
 * The settings in force: the server's `funding` settings, else the environment's, over the
 * defaults; checked, so a typo fails the first funding request loudly.
 */
export function fundingSettings(
  settings: Pick<ServerSettings, 'funding'>,
  env: NodeJS.ProcessEnv = process.env,
): FundingSettings {
  const resolved = { ...defaultFundingSettings, ...(settings.funding ?? fundingSettingsFromEnv(env)) };
  if (!Number.isInteger(resolved.priceTtlSeconds) || resolved.priceTtlSeconds < 0)
    throw new Error('LATCHKEY_FUNDING_PRICE_TTL_SECONDS must be a whole number of seconds');
  return {
    coinbaseApiUrl: baseUrl(resolved.coinbaseApiUrl, 'LATCHKEY_FUNDING_COINBASE_API_URL'),
    moonpayWidgetUrl: baseUrl(resolved.moonpayWidgetUrl, 'LATCHKEY_FUNDING_MOONPAY_WIDGET_URL'),
    moonpaySandboxWidgetUrl: baseUrl(
      resolved.moonpaySandboxWidgetUrl,
      'LATCHKEY_FUNDING_MOONPAY_SANDBOX_WIDGET_URL',
    ),
    priceApiUrl:
      resolved.priceApiUrl === '' ? '' : baseUrl(resolved.priceApiUrl, 'LATCHKEY_FUNDING_PRICE_API_URL'),
    priceTtlSeconds: resolved.priceTtlSeconds,
  };
}
