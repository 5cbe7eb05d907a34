import { LatchkeyClientError } from '../../errors.ts';
import { linkWithSiwe, loginWithSiwe, type SiweParameters, unlinkEthereumWallet } from '../../flows/siwe.ts';
import { toChecksumAddress } from '../address.ts';
import {
  getEthereumChainId,
  parseChainId,
  personalSign,
  requestEthereumAccount,
  switchEthereumChain,
} from '../ethereum.ts';
import { type AvailableWallet, type EIP1193Provider, mainnet, type WalletChain } from '../types.ts';
import { discoverInjectedWallets } from './injectedWallets.ts';
import type { WalletConnector, WalletSignIn } from './types.ts';

export interface InjectedConnectorParameters {
  /** Chains the wallets may be on; default `[mainnet]`. */
  supportedChains?: readonly WalletChain[] | undefined;
  /** Where a wallet on another chain is switched when it connects; default the first supported. */
  defaultChain?: WalletChain | undefined;
}

const unsupportedMessage = 'Not an Ethereum wallet';
const unableToConnect = () =>
  new LatchkeyClientError('unknown_connect_wallet_error', 'Unable to connect to wallet');

/**
 * Injected Ethereum wallets (EIP-6963, or `window.ethereum`) over EIP-1193: connecting with
 * `eth_requestAccounts` and then the wallet moved to a supported chain, reconnecting with
 * `eth_accounts`, following `chainChanged` and `accountsChanged`, chain switching, and Sign-In with
 * Ethereum over `personal_sign`.
 *
 * @example
 * const connector = injectedConnector({ supportedChains: [mainnet, base] });
 */
export function injectedConnector(parameters: InjectedConnectorParameters = {}): WalletConnector {
  const supportedChains = parameters.supportedChains?.length ? parameters.supportedChains : [mainnet];
  const defaultChain = parameters.defaultChain ?? supportedChains[0]!;

  const getProvider = (wallet: AvailableWallet | undefined): EIP1193Provider => {
    if (!wallet?.ethereum) throw unableToConnect();
    return wallet.ethereum;
  };

  /** The wallet's chain when supported; else `onSwitching`, and the wallet moves to the default chain. */
  async function ensureSupportedChain(provider: EIP1193Provider, onSwitching?: () => void): Promise<number> {
    const chainId = await getEthereumChainId(provider);
    if (supportedChains.some((c) => c.id === chainId)) return chainId;
    onSwitching?.();
    await switchEthereumChain(provider, defaultChain.id, supportedChains);
    return defaultChain.id;
  }

  async function siwe(signIn: WalletSignIn): Promise<SiweParameters> {
    const { connection } = signIn;
    const provider = getProvider(signIn.wallet());
    const chainId = await getEthereumChainId(provider);
    return {
      walletClientType: connection.walletClientType,
      connectorType: connection.connectorType,
      captchaToken: signIn.captchaToken,
      onStatus: signIn.onStatus,
      domain: signIn.domain,
      uri: signIn.uri,
      address: connection.address,
      chainId,
      loginMessage: signIn.loginMessage,
      signMessage: (message: string) => personalSign(provider, message, connection.address),
    };
  }

  return {
    chainType: 'ethereum',
    connectorType: 'injected',
    unsupportedMessage,
    discover: discoverInjectedWallets,
    handle: (wallet) => wallet?.ethereum,
    async connect(wallet, options) {
      const provider = wallet.ethereum;
      if (!provider) throw new LatchkeyClientError('unsupported_wallet_type', unsupportedMessage);
      const address = await requestEthereumAccount(provider);
      const chainId = await ensureSupportedChain(provider, options.onSwitching);
      return { address, chainId: `eip155:${chainId}` };
    },
    async reconnect(wallet, stored) {
      const provider = wallet.ethereum;
      if (!provider) return null;
      const accounts = await provider.request({ method: 'eth_accounts' });
      const list = Array.isArray(accounts) ? accounts.map((a) => String(a).toLowerCase()) : [];
      if (!list.includes(stored.address.toLowerCase())) return null;
      return { address: stored.address, chainId: `eip155:${await getEthereumChainId(provider)}` };
    },
    watch(wallet, events) {
      const provider = wallet.ethereum;
      if (!provider?.on) return undefined;
      const onChain = (chainId: unknown) => {
        let id: number;
        try {
          id = parseChainId(chainId);
        } catch {
          return;
        }
        events.chainChanged(`eip155:${id}`);
      };
      const onAccounts = (accounts: unknown) =>
        events.accountsChanged(Array.isArray(accounts) ? accounts.map((a) => String(a)) : []);
      provider.on('chainChanged', onChain as never);
      provider.on('accountsChanged', onAccounts as never);
      return () => {
        provider.removeListener?.('chainChanged', onChain as never);
        provider.removeListener?.('accountsChanged', onAccounts as never);
      };
    },
    ownsAddress: (address) => address.startsWith('0x'),
    async login(ctx, signIn, mode) {
      return loginWithSiwe(ctx, { ...(await siwe(signIn)), mode });
    },
    async link(ctx, signIn) {
      return linkWithSiwe(ctx, await siwe(signIn));
    },
    // Not async: a malformed address throws at once, as the manager always did.
    unlink: (ctx, address) => unlinkEthereumWallet(ctx, { address: toChecksumAddress(address) }),
    getProvider,
    async switchChain(wallet, chainId) {
      const provider = getProvider(wallet);
      const id = parseChainId(chainId);
      await switchEthereumChain(provider, id, supportedChains);
      const actual = await getEthereumChainId(provider).catch(() => id);
      return `eip155:${actual}`;
    },
  };
}
