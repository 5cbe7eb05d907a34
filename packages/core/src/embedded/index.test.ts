import { describe, expect, it } from 'vitest';
import * as embedded from './index.ts';

describe('@latchkey/core/embedded', () => {
  it('exports exactly this API', () => {
    expect(Object.keys(embedded).sort()).toMatchInlineSnapshot(`
      [
        "EmbeddedWalletError",
        "ProviderRpcError",
        "SolanaRpcError",
        "clientEmbeddedWallets",
        "configuredChain",
        "createEmbeddedEthereumProvider",
        "createEmbeddedSolanaWallet",
        "createEmbeddedWallets",
        "createFrameProxy",
        "createSolanaRpcClient",
        "deduplicatedFrameEvents",
        "defaultFrameTimeoutMs",
        "defaultSolanaCluster",
        "embeddedEntropy",
        "embeddedMessages",
        "embeddedWallets",
        "feeFamily",
        "findEmbeddedWallet",
        "frameUrl",
        "httpChainRpc",
        "insufficientFundsLogLine",
        "isEmbeddedWalletError",
        "legacyOnlyChainIds",
        "longFrameEvents",
        "longFrameTimeoutMs",
        "nextWalletIndex",
        "parseQuantity",
        "parseSolanaTransaction",
        "parseTransactionRequest",
        "polygonGasStations",
        "prepareTransaction",
        "readyEvent",
        "readyIntervalMs",
        "readyMaxTries",
        "solanaCluster",
        "solanaInsufficientFundsMessage",
        "solanaTransactionSigners",
        "solanaTransferShortfall",
        "toHex",
        "waitForSolanaSignature",
        "withRecentBlockhash",
      ]
    `);
  });
});
