import { isLoopback } from './localFunding.ts';

/** Where the demo finds its Latchkey app: the page query first, then Vite's env, then `npm start`'s defaults. */
export interface DemoConfig {
  appId: string;
  apiUrl: string;
  theme: 'light' | 'dark' | `#${string}`;
  /** `?loginMethods=email,sms`; unset lets the server's app config decide. */
  loginMethods: string[] | undefined;
  /** `?evmRpcUrl=`: the local chain's (31337) JSON-RPC, e.g. a test's hardhat node. */
  evmRpcUrl: string | undefined;
  /** `?solanaRpcUrl=`: a local Solana cluster's JSON-RPC; unset keeps the SDK's default (mainnet-beta). */
  solanaRpcUrl: string | undefined;
  /**
   * `?fundLocal=1` (`npm start` sets VITE_LATCHKEY_FUND_LOCAL=1): top the wallets up with test
   * ETH / SOL on the local chains. Off otherwise, so tests of empty wallets keep them empty.
   */
  fundLocal: boolean;
  /** `?oauthMode=popup`: social login in a popup rather than by redirect. */
  oauthMode: 'redirect' | 'popup';
  /**
   * `?fundingHosts={"coinbasePay":…}` and `?providerChainIds={"31337":8453}` (JSON): the funding
   * providers' hosts and chain aliases, so the e2e tests point the funding screens at the stand-ins.
   * Only loopback hosts are taken: a link to the demo must not send a user's card purchase or
   * bridge deposit to a host of the link's choosing.
   */
  funding: { hosts?: Record<string, string>; providerChainIds?: Record<number, number> } | undefined;
}

/** A JSON object from the query, or undefined when absent or not an object (a typo must not crash the demo). */
function jsonObject<T>(text: string | null): T | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

export function readConfig(search: string, env: Record<string, string | undefined>): DemoConfig {
  const query = new URLSearchParams(search);
  const theme = query.get('theme') ?? env.VITE_LATCHKEY_THEME ?? 'light';
  const methods = query.get('loginMethods');
  return {
    appId: query.get('appId') ?? env.VITE_LATCHKEY_APP_ID ?? '',
    apiUrl: (query.get('apiUrl') ?? env.VITE_LATCHKEY_API_URL ?? 'http://127.0.0.1:8787').replace(/\/+$/, ''),
    theme: theme === 'dark' || /^#[0-9a-f]{3,8}$/i.test(theme) ? (theme as DemoConfig['theme']) : 'light',
    loginMethods: methods ? methods.split(',').filter(Boolean) : undefined,
    evmRpcUrl: query.get('evmRpcUrl') ?? env.VITE_LATCHKEY_EVM_RPC_URL ?? undefined,
    solanaRpcUrl: query.get('solanaRpcUrl') ?? env.VITE_LATCHKEY_SOLANA_RPC_URL ?? undefined,
    fundLocal: (query.get('fundLocal') ?? env.VITE_LATCHKEY_FUND_LOCAL) === '1',
    oauthMode: query.get('oauthMode') === 'popup' ? 'popup' : 'redirect',
    funding: fundingConfig(query),
  };
}

function fundingConfig(query: URLSearchParams): DemoConfig['funding'] {
  const given = jsonObject<Record<string, unknown>>(query.get('fundingHosts'));
  const local = Object.entries(given ?? {}).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string' && isLoopback(entry[1]),
  );
  const hosts = local.length > 0 ? Object.fromEntries(local) : undefined;
  const providerChainIds = jsonObject<Record<number, number>>(query.get('providerChainIds'));
  if (!hosts && !providerChainIds) return undefined;
  return { ...(hosts ? { hosts } : {}), ...(providerChainIds ? { providerChainIds } : {}) };
}
