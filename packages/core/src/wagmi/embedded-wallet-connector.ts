import { ChainNotConfiguredError, createConnector } from '@wagmi/core';
import { type Address, getAddress, numberToHex, SwitchChainError, UserRejectedRequestError } from 'viem';
import type { EIP1193Provider } from '../wallets/types.ts';

/**
 * What the connector needs of a provider: EIP-1193 requests, and its events when it has them
 * (the embedded wallet's provider has: `useWallets()` types it as a plain EIP-1193 provider).
 */
export type EmbeddedWalletConnectorProvider = EIP1193Provider;

export interface EmbeddedWalletConnectorParameters {
  /**
   * The wallet's EIP-1193 provider, called on first use and kept: `wallet.getEthereumProvider` of
   * an embedded wallet from `useWallets()` (which brings the wallet onto this device first), or
   * `embeddedWallets.getEthereumProvider(address)` of `@latchkey/core/embedded`.
   */
  getProvider: () => Promise<EmbeddedWalletConnectorProvider> | EmbeddedWalletConnectorProvider;
  /** Default 'latchkey-embedded'. */
  id?: string | undefined;
  /** Default 'Latchkey Wallet'. */
  name?: string | undefined;
  icon?: string | undefined;
}

const userRejected = (error: unknown) => (error as { code?: unknown } | null)?.code === 4001;

/**
 * A wagmi connector for a Latchkey embedded Ethereum wallet: wagmi's actions and hooks (account,
 * chain, `switchChain`, `signMessage`, `sendTransaction`, …) then run on the wallet, through its
 * confirmation screens. The provider's `accountsChanged` (`[]` on logout), `chainChanged` and
 * `disconnect` events keep wagmi's state in step. Unlike wagmi's `injected`, it needs no `window`
 * and takes a provider that is only available asynchronously.
 *
 * @example
 * import { connect, createConfig } from '@wagmi/core';
 * import { embeddedWallet } from '@latchkey/core/wagmi';
 * const wallet = wallets.find((w) => w.walletClientType === 'privy'); // useWallets()
 * await connect(config, { connector: embeddedWallet({ getProvider: wallet.getEthereumProvider }) });
 */
export function embeddedWallet(parameters: EmbeddedWalletConnectorParameters) {
  let provider: EmbeddedWalletConnectorProvider | undefined;
  let listening: { off(): void } | undefined;

  return createConnector<EmbeddedWalletConnectorProvider>((config) => ({
    id: parameters.id ?? 'latchkey-embedded',
    name: parameters.name ?? 'Latchkey Wallet',
    icon: parameters.icon,
    type: embeddedWallet.type,

    async connect({ chainId, withCapabilities } = {}) {
      const wallet = await this.getProvider();
      const accounts = ((await wallet.request({ method: 'eth_requestAccounts' })) as string[]).map((a) =>
        getAddress(a),
      );
      if (!listening) {
        const onAccounts = this.onAccountsChanged.bind(this);
        const onChain = this.onChainChanged.bind(this);
        const onDisconnect = this.onDisconnect.bind(this);
        wallet.on?.('accountsChanged', onAccounts);
        wallet.on?.('chainChanged', onChain);
        wallet.on?.('disconnect', onDisconnect);
        listening = {
          off() {
            wallet.removeListener?.('accountsChanged', onAccounts);
            wallet.removeListener?.('chainChanged', onChain);
            wallet.removeListener?.('disconnect', onDisconnect);
          },
        };
      }
      let current = await this.getChainId();
      if (chainId !== undefined && chainId !== current) current = (await this.switchChain!({ chainId })).id;
      return {
        accounts: (withCapabilities
          ? accounts.map((address) => ({ address, capabilities: {} }))
          : accounts) as never,
        chainId: current,
      };
    },

    async disconnect() {
      // wagmi stops using the wallet; the wallet itself stays the user's.
      listening?.off();
      listening = undefined;
    },

    async getAccounts() {
      const wallet = await this.getProvider();
      return ((await wallet.request({ method: 'eth_accounts' })) as string[]).map((a) => getAddress(a));
    },

    async getChainId() {
      const wallet = await this.getProvider();
      return Number(await wallet.request({ method: 'eth_chainId' }));
    },

    async getProvider() {
      provider ??= await parameters.getProvider();
      return provider;
    },

    async isAuthorized() {
      try {
        return (await this.getAccounts()).length > 0;
      } catch {
        return false;
      }
    },

    async switchChain({ chainId }) {
      const chain = config.chains.find((c) => c.id === chainId);
      if (!chain) throw new SwitchChainError(new ChainNotConfiguredError());
      const wallet = await this.getProvider();
      try {
        // 4902: the chain is not among the Latchkey provider's supportedChains.
        await wallet.request({
          method: 'wallet_switchEthereumChain',
          params: [{ chainId: numberToHex(chainId) }],
        });
      } catch (error) {
        if (userRejected(error)) throw new UserRejectedRequestError(error as Error);
        throw new SwitchChainError(error as Error);
      }
      // The provider says so with 'chainChanged' too, but not when it was on that chain already.
      config.emitter.emit('change', { chainId });
      return chain;
    },

    onAccountsChanged(accounts) {
      if (accounts.length === 0) this.onDisconnect();
      else config.emitter.emit('change', { accounts: accounts.map((a) => getAddress(a) as Address) });
    },

    onChainChanged(chain) {
      config.emitter.emit('change', { chainId: Number(chain) });
    },

    onDisconnect() {
      listening?.off();
      listening = undefined;
      config.emitter.emit('disconnect');
    },
  }));
}

embeddedWallet.type = 'latchkeyEmbeddedWallet' as const;
