import type { AppResponse, MoonpaySignRequest } from '@latchkey/protocol';
import { type ChainRpc, httpChainRpc } from '../embedded/json-rpc.ts';
import { mainnet } from '../wallets/types.ts';
import type { FundingAsset, FundingChain } from './asset.ts';
import { knownUsdcAddress, type SolanaCluster, solanaUsdcMints } from './chains.ts';
import type { DefaultFundingMethod } from './default-method.ts';
import { tokenDecimals } from './display.ts';
import type { FundingProvider } from './options.ts';
import type { FundWalletTask, FundWalletUiConfig } from './task.ts';
import { assertFundingRequest } from './validation.ts';

/**
 * A `fundWallet(address, options)` call made into the modal's funding task (spec document 2 §3 host
 * fund-wallet config, with the incumbent's option names): the chain and asset (the app's recommended
 * currency by default), the amount, the checks of §5, the texts' names and the balance reader.
 */

/** An EVM chain as the host configured it (viem's `Chain` shape). */
export interface FundingEvmChain {
  id: number;
  name: string;
  rpcUrls: { default: { http: readonly string[] } };
  nativeCurrency?: { symbol: string; decimals: number } | undefined;
}

/** The options both forms share. */
interface CommonFundWalletOptions {
  /** The amount to preset ('0.1'); default the app's `default_recommended_amount`. */
  amount?: string | undefined;
  defaultFundingMethod?: DefaultFundingMethod | undefined;
  card?: { preferredProvider?: FundingProvider | undefined } | undefined;
  uiConfig?: FundWalletUiConfig | undefined;
  moonpayConfigOverride?: Partial<MoonpaySignRequest['config']> | undefined;
}

/** `useFundWallet().fundWallet(address, options)`. */
export interface FundWalletOptions extends CommonFundWalletOptions {
  /** Default the app's recommended chain, else the first supported chain. */
  chain?: FundingEvmChain | undefined;
  /** 'native-currency' (default), 'USDC', or an ERC-20 by address. */
  asset?: FundingAsset | undefined;
}

/** `useSolanaFundWallet().fundWallet(address, options)`. */
export interface SolanaFundWalletOptions extends CommonFundWalletOptions {
  /** Default mainnet-beta; `rpcUrl` default the app's configured cluster of that name. */
  cluster?: { name: SolanaCluster; rpcUrl?: string | undefined } | undefined;
  asset?: 'native-currency' | 'USDC' | undefined;
}

export interface FundingRequestContext {
  app: AppResponse | null;
  /** The host's supported EVM chains; none: Ethereum mainnet (the client's default). */
  chains: readonly FundingEvmChain[];
  /** The host's Solana clusters (their RPC URLs). */
  solanaClusters?: readonly { name: string; rpcUrl: string }[] | undefined;
  /** JSON-RPC to a URL (tests). */
  rpc?: ((url: string) => ChainRpc) | undefined;
}

export type FundingTaskData = Omit<FundWalletTask, 'resolve'>;

const solanaRpcUrls: Record<SolanaCluster, string> = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
};

/**
 * The Solana RPC a connected Solana wallet pays the bridge through: the host's mainnet-beta cluster,
 * else its only cluster (a local one in development, where the bridge's stand-in watches it), else
 * the public mainnet endpoint.
 */
function bridgeSolanaRpcUrl(ctx: FundingRequestContext): string {
  const clusters = ctx.solanaClusters ?? [];
  const mainnet = clusters.find((cluster) => cluster.name === 'mainnet-beta');
  return (
    (mainnet ?? (clusters.length === 1 ? clusters[0] : undefined))?.rpcUrl ?? solanaRpcUrls['mainnet-beta']
  );
}

/** `eip155:8453` → 8453; anything else → null. */
const recommendedChainId = (app: AppResponse | null): number | null => {
  const match = /^eip155:(\d+)$/.exec(app?.funding_config?.default_recommended_currency?.chain ?? '');
  return match ? Number(match[1]) : null;
};

const defaultAmount = (app: AppResponse | null, amount: string | undefined) =>
  amount ?? app?.funding_config?.default_recommended_amount ?? '0';

const common = (options: CommonFundWalletOptions) => ({
  defaultFundingMethod: options.defaultFundingMethod,
  preferredCardProvider: options.card?.preferredProvider,
  uiConfig: options.uiConfig,
  moonpayConfigOverride: options.moonpayConfigOverride,
});

/** The call `eth_call` makes of an ERC-20 (`selector` and one address argument, if any). */
const erc20Call = (selector: string, owner?: string) =>
  owner ? `${selector}${owner.slice(2).toLowerCase().padStart(64, '0')}` : selector;

/** ABI-decodes a `string` return (symbol). */
function abiString(hex: string): string {
  const data = hex.slice(2);
  const length = Number.parseInt(data.slice(64, 128), 16);
  const bytes = data.slice(128, 128 + length * 2).match(/../g) ?? [];
  return new TextDecoder().decode(Uint8Array.from(bytes.map((byte) => Number.parseInt(byte, 16))));
}

/**
 * The EVM form. Checks the request first (§5: funding on, the chain configured).
 *
 * @throws LatchkeyClientError `invalid_funding_request` with §8's message.
 */
export async function evmFundingTask(
  ctx: FundingRequestContext,
  address: string,
  options: FundWalletOptions = {},
): Promise<FundingTaskData> {
  const recommended = recommendedChainId(ctx.app);
  const chains = ctx.chains.length > 0 ? ctx.chains : [mainnet];
  const chain = options.chain ?? chains.find((candidate) => candidate.id === recommended) ?? chains[0];
  if (!chain) throw new TypeError('fundWallet needs a chain: pass `chain` or configure supportedChains');
  const asset: FundingAsset =
    options.asset ??
    (ctx.app?.funding_config?.default_recommended_currency?.asset === 'USDC' && !options.chain
      ? 'USDC'
      : 'native-currency');
  const fundingChain: FundingChain = { chainType: 'ethereum', chainId: chain.id };
  assertFundingRequest({
    app: ctx.app,
    chain: fundingChain,
    asset,
    supportedChainIds: chains.map((candidate) => candidate.id),
  });
  const url = chain.rpcUrls.default.http[0];
  if (!url) throw new TypeError(`Chain ${chain.id} has no RPC URL`);
  const rpc = (ctx.rpc ?? httpChainRpc)(url);
  const token =
    asset === 'native-currency' ? null : asset === 'USDC' ? knownUsdcAddress(chain.id) : asset.erc20;
  let symbol = chain.nativeCurrency?.symbol ?? 'ETH';
  let decimals = chain.nativeCurrency?.decimals ?? tokenDecimals.ETH;
  if (asset === 'USDC') [symbol, decimals] = ['USDC', tokenDecimals.USDC];
  else if (token) {
    const [symbolHex, decimalsHex] = await Promise.all([
      rpc('eth_call', [{ to: token, data: erc20Call('0x95d89b41') }, 'latest']),
      rpc('eth_call', [{ to: token, data: erc20Call('0x313ce567') }, 'latest']),
    ]);
    [symbol, decimals] = [abiString(symbolHex as string), Number(BigInt(decimalsHex as string))];
  }
  // A connected Solana wallet pays through the bridge, for the chain's coin or its USDC only.
  const bridged =
    ctx.app?.funding_config?.cross_chain_bridging_enabled &&
    (asset === 'native-currency' || (asset === 'USDC' && token));
  return {
    address,
    chain: fundingChain,
    asset,
    amount: defaultAmount(ctx.app, options.amount),
    symbol,
    decimals,
    network: chain.name,
    ...(bridged ? { bridgeFromSolana: { rpcUrl: bridgeSolanaRpcUrl(ctx) } } : {}),
    ...common(options),
    readBalance: async () => {
      if (!token) return BigInt((await rpc('eth_getBalance', [address, 'latest'])) as string);
      const result = await rpc('eth_call', [{ to: token, data: erc20Call('0x70a08231', address) }, 'latest']);
      return BigInt(result as string);
    },
  };
}

/** The Solana form: SOL or USDC on a cluster (USDC on testnet is refused, §5). */
export async function solanaFundingTask(
  ctx: FundingRequestContext,
  address: string,
  options: SolanaFundWalletOptions = {},
): Promise<FundingTaskData> {
  const cluster = options.cluster?.name ?? 'mainnet-beta';
  const asset = options.asset ?? 'native-currency';
  const fundingChain: FundingChain = { chainType: 'solana', cluster };
  assertFundingRequest({ app: ctx.app, chain: fundingChain, asset, supportedChainIds: [] });
  const url =
    options.cluster?.rpcUrl ??
    ctx.solanaClusters?.find((candidate) => candidate.name === cluster)?.rpcUrl ??
    solanaRpcUrls[cluster];
  const rpc = (ctx.rpc ?? httpChainRpc)(url);
  const mint = asset === 'USDC' ? solanaUsdcMints[cluster] : null;
  return {
    address,
    chain: fundingChain,
    asset,
    amount: defaultAmount(ctx.app, options.amount),
    symbol: mint ? 'USDC' : 'SOL',
    decimals: mint ? tokenDecimals.USDC : tokenDecimals.SOL,
    network: 'Solana',
    solanaUsdcMint: mint,
    solanaRpcUrl: url,
    // The bridge buys SOL only (spec document 2 §4 Bridge to Solana).
    ...(ctx.app?.funding_config?.cross_chain_bridging_enabled && !mint
      ? {
          bridgeChains: ctx.chains.flatMap((chain) => {
            const rpcUrl = chain.rpcUrls.default.http[0];
            return rpcUrl ? [{ id: chain.id, name: chain.name, rpcUrl }] : [];
          }),
        }
      : {}),
    ...common(options),
    readBalance: async () => {
      if (!mint) return BigInt(((await rpc('getBalance', [address])) as { value: number | string }).value);
      const reply = (await rpc('getTokenAccountsByOwner', [
        address,
        { mint },
        { encoding: 'jsonParsed' },
      ])) as {
        value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
      };
      return reply.value.reduce(
        (sum, item) => sum + BigInt(item.account.data.parsed.info.tokenAmount.amount),
        0n,
      );
    },
  };
}
