/**
 * `@latchkey/react/wagmi`: the wagmi connector for an embedded Ethereum wallet, for apps that
 * depend on `@latchkey/react` alone. Loads only when imported (optional peers `@wagmi/core`, `viem`).
 *
 * @example
 * const wallet = useWallets().wallets.find((w) => w.walletClientType === 'privy');
 * connect({ connector: embeddedWallet({ getProvider: wallet.getEthereumProvider }) }); // wagmi's useConnect
 */
export {
  type EmbeddedWalletConnectorParameters,
  type EmbeddedWalletConnectorProvider,
  embeddedWallet,
} from '@latchkey/core/wagmi';
