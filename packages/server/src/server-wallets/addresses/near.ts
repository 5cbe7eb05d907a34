import { bytesToHex } from '@noble/hashes/utils.js';

/**
 * A `near` wallet's address: the NEAR-implicit account id, the lowercase hex of the Ed25519 public
 * key (64 characters). The account exists on chain once something sends it NEAR; named accounts
 * (`alice.near`) are made by a transaction and are not a key's address.
 */
export function nearImplicitAccount(ed25519PublicKey: Uint8Array): string {
  if (ed25519PublicKey.length !== 32) throw new Error('A NEAR implicit account needs a 32-byte public key');
  return bytesToHex(ed25519PublicKey);
}
