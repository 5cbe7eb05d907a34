import { describe, expect, it } from 'vitest';
import * as wallets from './index.ts';

describe('@latchkey/core/wallets', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(wallets).sort()).toMatchInlineSnapshot(`
      [
        "bytesToBase64",
        "connectSolanaWallet",
        "createWalletManager",
        "defaultWalletConnectors",
        "disconnectSolanaWallet",
        "discoverWallets",
        "getEthereumChainId",
        "hasRpcCode",
        "injectedConnector",
        "isEthereumAddress",
        "isSolanaAddress",
        "isSolanaStandardWallet",
        "isUserRejection",
        "knownWalletClientTypes",
        "linkWithSiwe",
        "linkWithSiws",
        "linkedWalletAddresses",
        "loginWithSiwe",
        "loginWithSiws",
        "mainnet",
        "parseChainId",
        "personalSign",
        "readWalletDeepLink",
        "requestEthereumAccount",
        "rpcErrorCode",
        "signSolanaMessage",
        "siweRoutes",
        "siwsRoutes",
        "solanaAccountOf",
        "switchEthereumChain",
        "toChecksumAddress",
        "toHexChainId",
        "toWalletError",
        "unlinkEthereumWallet",
        "unlinkSolanaWallet",
        "utf8ToHex",
        "walletClientTypeOf",
        "walletStandardConnector",
        "walletStorageKeys",
      ]
    `);
  });
});
