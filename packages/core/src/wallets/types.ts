import type { ChainType, ExternalConnectorType } from '@latchkey/protocol';
/** An EIP-1193 provider, as injected wallets expose it. */
export interface EIP1193Provider {
  request(args: { method: string; params?: readonly unknown[] | Record<string, unknown> }): Promise<unknown>;
  on?(event: string, listener: (...args: never[]) => void): unknown;
  // biome-ignore lint/suspicious/noExplicitAny: as wallets and the incumbent type it, so any listener fits
  removeListener?(event: string, listener: (...args: any[]) => void): unknown;
}

/** EIP-6963 provider info. */
export interface EIP6963ProviderInfo {
  uuid: string;
  name: string;
  /** A data URI. */
  icon: string;
  /** Reverse-DNS id, e.g. `io.metamask`. */
  rdns: string;
}

/** A Wallet Standard account (only the fields used here). */
export interface StandardWalletAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
  readonly chains: readonly string[];
  readonly features: readonly string[];
}

/** A Wallet Standard wallet (only the fields used here). */
export interface StandardWallet {
  readonly name: string;
  readonly icon: string;
  readonly version?: string;
  readonly chains: readonly string[];
  readonly features: Readonly<Record<string, unknown>>;
  readonly accounts: readonly StandardWalletAccount[];
}

export type WalletChainType = ChainType;

/** A wallet the user can pick in this browser; one entry per wallet, possibly on both chains. */
export interface AvailableWallet {
  /** Stable id: the EIP-6963 rdns, 'injected' for `window.ethereum`, else the client type. */
  id: string;
  name: string;
  icon: string;
  /** Lower-case client name, e.g. `metamask`, `phantom`. */
  walletClientType: string;
  ethereum?: EIP1193Provider | undefined;
  solana?: StandardWallet | undefined;
}

/** A viem-style chain: what `wallet_addEthereumChain` needs. */
export interface WalletChain {
  id: number;
  name: string;
  rpcUrls: { default: { http: readonly string[] } };
  nativeCurrency?: { name: string; symbol: string; decimals: number } | undefined;
  blockExplorers?: { default: { name?: string; url: string } } | undefined;
}

/** Ethereum mainnet: the default supported chain. */
export const mainnet: WalletChain = {
  id: 1,
  name: 'Ethereum',
  rpcUrls: { default: { http: ['https://cloudflare-eth.com'] } },
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  blockExplorers: { default: { name: 'Etherscan', url: 'https://etherscan.io' } },
};

/** A wallet connected in this browser (persisted under `privy:connections`). */
export interface WalletConnection {
  chainType: WalletChainType;
  /** EIP-55 checksummed (Ethereum) or base58 (Solana). */
  address: string;
  /** The `AvailableWallet` id. */
  walletId: string;
  name: string;
  icon: string;
  walletClientType: string;
  connectorType: ExternalConnectorType;
  /** `eip155:N` for Ethereum, null for Solana. */
  chainId: `eip155:${number}` | null;
  /** ms since epoch. */
  connectedAt: number;
}

/** What a page looks like to discovery: an event target with the few globals used. */
export interface WalletWindow extends EventTarget {
  ethereum?: unknown;
  location?: { host: string; origin: string; search: string } | undefined;
}
