import { ripemd160 } from '@noble/hashes/legacy.js';
import { sha256 } from '@noble/hashes/sha2.js';

/** RIPEMD160(SHA256(bytes)): the 20-byte key hash Bitcoin's P2WPKH and Cosmos accounts are made of. */
export const hash160 = (bytes: Uint8Array): Uint8Array => ripemd160(sha256(bytes));
