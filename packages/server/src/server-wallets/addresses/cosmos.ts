import { bech32 } from '@scure/base';
import { hash160 } from './hash160.ts';

/** The Cosmos Hub's account prefix; other Cosmos SDK chains put their own prefix on the same bytes. */
export const cosmosHubPrefix = 'cosmos';

/**
 * A `cosmos` wallet's address (ADR-028's legacy secp256k1 account): bech32 of
 * RIPEMD160(SHA256(compressed public key)). The same key is `osmo1…` on Osmosis, `celestia1…` on
 * Celestia: re-encode the decoded bytes with the chain's prefix.
 */
export function cosmosAddress(compressedPublicKey: Uint8Array, prefix = cosmosHubPrefix): string {
  if (compressedPublicKey.length !== 33)
    throw new Error('A Cosmos account needs a 33-byte compressed public key');
  return bech32.encode(prefix, bech32.toWords(hash160(compressedPublicKey)));
}
