import { clean } from '@noble/hashes/utils.js';
import { ethereumSigner } from './derive-ethereum.ts';
import { solanaKey } from './derive-solana.ts';
import { InvalidRequestError } from './errors.ts';

/**
 * The address of the wallet at (`chainType`, `index`) of a BIP-39 seed: BIP-44 m/44'/60'/0'/0/{index}
 * for Ethereum, SLIP-0010 m/44'/501'/{index}'/0' for Solana. The private key derived on the way stays
 * in bytes and is wiped before returning (never a hex string, which could not be). The server uses it
 * to pregenerate wallets (packages/server/src/embedded-wallets/pregenerate-wallets.ts) with the very
 * derivation the frame signs with.
 */
export function walletAddressAt(seed: Uint8Array, chainType: 'ethereum' | 'solana', index: number): string {
  if (chainType === 'ethereum') {
    const signer = ethereumSigner(seed, index);
    clean(signer.privateKey);
    return signer.address;
  }
  if (chainType === 'solana') {
    const key = solanaKey(seed, index);
    clean(key.secretKey);
    return key.address;
  }
  throw new InvalidRequestError('Unsupported chain type');
}
