import { fundingApi } from '@latchkey/protocol';
import { always, invalidData, type Outcome, type RouteFixture } from '../hostile-fixtures.ts';

/** The suite's app sets no provider keys: a well-formed request reaches that check and stops there. */
const notEnabled: Outcome = { status: 403, code: 'feature_not_enabled' };
const name = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
const address = '0x52908400098527886E0F7030069857D2E4169EE7';

/**
 * The hostile-input suite's fixtures of the funding routes (hostile-fixtures.ts). The GET routes are
 * called without their query (the suite appends hostile ones): that is itself bad input.
 */
export const fundingFixtures: Record<string, RouteFixture> = {
  [name(fundingApi.coinbaseOnrampInit)]: {
    body: () => ({ addresses: [{ address, blockchains: ['base'] }], assets: ['USDC'] }),
    valid: notEnabled,
    required: ['addresses'],
  },
  [name(fundingApi.moonpaySign)]: {
    body: () => ({ address, useSandbox: false, config: { currencyCode: 'eth', quoteCurrencyAmount: 10 } }),
    valid: notEnabled,
    required: ['address', 'config'],
    strings: { address: always(invalidData) },
  },
  [name(fundingApi.coinbaseOnrampStatus)]: { valid: invalidData },
  [name(fundingApi.tokenPrice)]: { valid: invalidData },
  [name(fundingApi.splTokenInfo)]: { valid: invalidData },
};
