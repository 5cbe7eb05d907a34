export {
  type EmbeddedWalletConnectorParameters,
  type EmbeddedWalletConnectorProvider,
  embeddedWallet,
} from './embedded-wallet-connector.ts';
