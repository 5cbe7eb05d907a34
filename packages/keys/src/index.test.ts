import { describe, expect, it } from 'vitest';
import * as keys from './index.ts';

describe('@latchkey/keys', () => {
  // A published package: a change here is a change to what the frame, the server and apps may use.
  it('exports exactly this API', () => {
    expect(Object.keys(keys).sort()).toMatchInlineSnapshot(`
      [
        "InvalidRequestError",
        "WrongRecoveryKeyError",
        "combineShares",
        "decryptShare",
        "encryptShare",
        "entropyToMnemonic",
        "ethereumAddressOf",
        "ethereumKey",
        "ethereumKeyProof",
        "ethereumRpc",
        "ethereumSigner",
        "exportEthereumPrivateKey",
        "exportSolanaPrivateKey",
        "farcasterHashLength",
        "farcasterSign",
        "farcasterSignerGenerations",
        "farcasterSignerKey",
        "fromBase64",
        "generateEntropy",
        "mnemonicBytes",
        "mnemonicToEntropy",
        "passwordRecoveryKey",
        "passwordVerifier",
        "primaryAddress",
        "randomRecoveryKey",
        "randomSalt",
        "seedFromEntropy",
        "seedFromEntropyAsync",
        "signHash",
        "signHashAs",
        "signHashWith",
        "solanaKey",
        "solanaKeyProof",
        "solanaSignMessage",
        "splitEntropy",
        "toBase64",
        "walletAddressAt",
        "warmUpCurve",
      ]
    `);
  });
});
