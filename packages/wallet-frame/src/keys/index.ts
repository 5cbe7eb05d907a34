/**
 * The embedded wallet's key library: everything the wallet frame does with secrets. Pure functions over
 * bytes, with no Node APIs, so it runs in the frame and in Node's tests alike.
 */
export { fromBase64, toBase64 } from './base64.ts';
export { ethereumKey } from './derive-ethereum.ts';
export { solanaKey } from './derive-solana.ts';
export {
  entropyToMnemonic,
  generateEntropy,
  mnemonicToEntropy,
  seedFromEntropy,
  seedFromEntropyAsync,
} from './entropy.ts';
export { InvalidRequestError, WrongRecoveryKeyError } from './errors.ts';
export { ethereumRpc } from './ethereum-rpc.ts';
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
export { combineShares, splitEntropy } from './shares.ts';
export { solanaSignMessage } from './solana.ts';
export { walletAddressAt } from './wallet-address.ts';
