/**
 * `@latchkey/keys`: the embedded wallet's key library, shared by the wallet frame (where users' keys
 * live) and the server (pregenerated wallets). Pure functions over bytes, with no Node APIs, so it runs
 * in the frame's page and in Node alike.
 */
export { fromBase64, toBase64 } from './base64.ts';
export {
  type EthereumKey,
  type EthereumSigner,
  ethereumAddressOf,
  ethereumKey,
  ethereumSigner,
  type Secp256k1Sign,
} from './derive-ethereum.ts';
export {
  type FarcasterSignerKey,
  farcasterHashLength,
  farcasterSign,
  farcasterSignerGenerations,
  farcasterSignerKey,
} from './derive-farcaster.ts';
export { type SolanaKey, solanaKey } from './derive-solana.ts';
export {
  entropyToMnemonic,
  generateEntropy,
  mnemonicBytes,
  mnemonicToEntropy,
  seedFromEntropy,
  seedFromEntropyAsync,
} from './entropy.ts';
export { InvalidRequestError, WrongRecoveryKeyError } from './errors.ts';
export { ethereumRpc, signHash, signHashAs, signHashWith } from './ethereum-rpc.ts';
export { exportEthereumPrivateKey, exportSolanaPrivateKey } from './export.ts';
export { ethereumKeyProof, solanaKeyProof } from './key-proof.ts';
export { primaryAddress } from './primary-address.ts';
export {
  decryptShare,
  encryptShare,
  passwordRecoveryKey,
  passwordVerifier,
  randomRecoveryKey,
  randomSalt,
} from './recovery-crypto.ts';
export { combineShares, type EntropyShares, splitEntropy } from './shares.ts';
export { solanaSignMessage } from './solana.ts';
export { walletAddressAt } from './wallet-address.ts';
export { warmUpCurve } from './warm-up.ts';
