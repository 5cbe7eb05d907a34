import { bech32 } from '@scure/base';
import { hash160 } from './hash160.ts';

/**
 * A `bitcoin-segwit` wallet's address: native SegWit P2WPKH on mainnet (BIP-141, BIP-173), the
 * bech32 string `bc1q…` of witness version 0 and HASH160 of the compressed public key. The key hash
 * is the same on testnet and signet; only the prefix (`tb`) differs.
 */
export function bitcoinSegwitAddress(compressedPublicKey: Uint8Array): string {
  if (compressedPublicKey.length !== 33) throw new Error('P2WPKH needs a 33-byte compressed public key');
  return bech32.encode('bc', [0, ...bech32.toWords(hash160(compressedPublicKey))]);
}
