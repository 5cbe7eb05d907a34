/**
 * SLIP-0010 key derivation for ed25519, written out here because no maintained, small library does it:
 * @scure/bip32 is secp256k1-only, and the ed25519 HD packages on npm are unmaintained wrappers that need
 * Node-only APIs. The scheme is short and fully specified (satoshilabs/slips, slip-0010.md); the tests check
 * it against that document's ed25519 test vectors.
 *
 * For ed25519 SLIP-0010 allows hardened children only, and the 32-byte key is used directly as the RFC 8032
 * secret key (no "is it in range" retry, unlike secp256k1).
 */
import { ed25519 } from '@noble/curves/ed25519.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { clean, utf8ToBytes } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import { checkWalletIndex } from './wallet-index.ts';

const HARDENED = 0x80000000;
const CURVE_KEY = utf8ToBytes('ed25519 seed');

export interface Ed25519Node {
  /** The 32-byte private key (the RFC 8032 secret-key seed). */
  key: Uint8Array;
  chainCode: Uint8Array;
}

/** Splits I into (key, chain code) and wipes I. */
function split(digest: Uint8Array): Ed25519Node {
  const node = { key: digest.slice(0, 32), chainCode: digest.slice(32) };
  clean(digest);
  return node;
}

/**
 * Derives the node at `path`, a list of child numbers below 2^31 that are all taken as hardened
 * (m/0'/1' is [0, 1]). Every intermediate key, chain code and HMAC input is wiped; the caller wipes the
 * returned node's bytes when done with them.
 */
export function deriveEd25519(seed: Uint8Array, path: readonly number[]): Ed25519Node {
  for (const child of path) {
    if (!Number.isInteger(child) || child < 0 || child >= HARDENED) {
      throw new RangeError('SLIP-0010 ed25519 child numbers must be integers below 2^31 (hardened only)');
    }
  }
  let node = split(hmac(sha512, CURVE_KEY, seed));
  for (const child of path) {
    // Hardened child: HMAC-SHA512(chainCode, 0x00 ‖ key ‖ ser32(child + 2^31)).
    const data = new Uint8Array(37);
    data.set(node.key, 1);
    new DataView(data.buffer).setUint32(33, child + HARDENED, false);
    const parent = node;
    node = split(hmac(sha512, parent.chainCode, data));
    clean(data, parent.key, parent.chainCode);
  }
  return node;
}

export interface SolanaKey {
  /** 64 bytes: the 32-byte ed25519 seed followed by the 32-byte public key (Solana keypair layout). */
  secretKey: Uint8Array;
  publicKey: Uint8Array;
  /** base58 of the public key. */
  address: string;
}

/** Solana account: m/44'/501'/{index}'/0' (the path Phantom, Solflare and Privy use). */
export function solanaKey(seed: Uint8Array, index: number): SolanaKey {
  const { key, chainCode } = deriveEd25519(seed, [44, 501, checkWalletIndex(index), 0]);
  try {
    const publicKey = ed25519.getPublicKey(key);
    const secretKey = new Uint8Array(64);
    secretKey.set(key, 0);
    secretKey.set(publicKey, 32);
    return { secretKey, publicKey, address: base58.encode(publicKey) };
  } finally {
    // The caller holds (and wipes) the key only as part of `secretKey`.
    clean(key, chainCode);
  }
}
