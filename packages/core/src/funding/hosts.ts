/**
 * The third parties' hosts (REFERENCES §5): the real ones by default, each replaceable so that an app
 * can use a provider's sandbox and tests can use the local stand-ins. The incumbent hard-codes them;
 * nothing in Latchkey's client may.
 */
export interface FundingHosts {
  /** The first provider's buy page (`/buy/select-asset`). */
  coinbasePay: string;
  /** The second provider's API (`/v1/transactions/ext/{id}`). */
  moonpayApi: string;
  /** The bridge's API (`/quote`, `/requests/v2`), mainnets and testnets. */
  relayApi: string;
  relayTestnetApi: string;
  /** The bridge's site, where the failure screen's refund link points (`/transaction/{hash}`). */
  relayApp: string;
  relayTestnetApp: string;
}

export const defaultFundingHosts: FundingHosts = {
  coinbasePay: 'https://pay.coinbase.com',
  moonpayApi: 'https://api.moonpay.com',
  relayApi: 'https://api.relay.link',
  relayTestnetApi: 'https://api.testnets.relay.link',
  relayApp: 'https://relay.link',
  relayTestnetApp: 'https://testnets.relay.link',
};

/** The hosts with the app's or the test's replacements; a replacement must be an http(s) origin. */
export function fundingHosts(overrides: Partial<FundingHosts> = {}): FundingHosts {
  const hosts = { ...defaultFundingHosts };
  for (const [name, value] of Object.entries(overrides) as [keyof FundingHosts, string | undefined][]) {
    if (value === undefined) continue;
    const url = new URL(value);
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
      throw new TypeError(`Not an http(s) host: ${value}`);
    hosts[name] = url.origin;
  }
  return hosts;
}
