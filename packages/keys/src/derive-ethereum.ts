/**
 * BIP-32 private derivation for secp256k1, written out here instead of using @scure/bip32's HDKey, because the
 * frame derives a key for every signature and HDKey does several times the work a signature needs: its
 * constructor computes the public key (a scalar multiplication) and the hash160 fingerprint of every node on
 * the path, six of each for m/44'/60'/0'/0/i. Private derivation needs a public key only where a
 * non-hardened step hashes its parent's public key: two on that path, plus the final key's for the address.
 *
 * The scheme is BIP-32 ("Private parent key → private child key"); the curve arithmetic is @noble/curves'
 * (`getPublicKey`, its constant-time base-point multiplication), the hashing @noble/hashes' HMAC-SHA512. The
 * tests check it against BIP-32's test vectors 1–4 and against @scure/bip32 on random seeds and paths.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToNumberBE, numberToBytesBE } from '@noble/curves/utils.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, clean, utf8ToBytes } from '@noble/hashes/utils.js';
import { publicKeyToAddress } from 'viem/accounts';
import { checkWalletIndex } from './wallet-index.ts';

const HARDENED = 0x80000000;
const MASTER_KEY = utf8ToBytes('Bitcoin seed');
const N = secp256k1.Point.Fn.ORDER;

export interface Secp256k1Node {
  /** 32 bytes, big-endian, in [1, n). */
  privateKey: Uint8Array;
  chainCode: Uint8Array;
}

/**
 * CKDpriv: the child of `parent` at `index` (hardened at or above 2^31). BIP-32 calls a child whose
 * parse256(I_L) ≥ n, or whose key is 0, invalid (probability below 2^-127) and has the derivation proceed
 * with the next index; @scure/bip32, which the frame used before and the tests compare with, does exactly
 * that, and so does this.
 */
function childNode(parent: Secp256k1Node, index: number): Secp256k1Node {
  const parentKey = bytesToNumberBE(parent.privateKey);
  for (let i = index; ; i++) {
    if (i > 0xffffffff) throw new RangeError('BIP-32: no valid child key at or after this index');
    // Hardened: 0x00 ‖ ser256(k_par) ‖ ser32(i); normal: serP(point(k_par)) ‖ ser32(i). Both are 37 bytes.
    const data = new Uint8Array(37);
    if (i >= HARDENED) data.set(parent.privateKey, 1);
    else data.set(secp256k1.getPublicKey(parent.privateKey, true), 0);
    new DataView(data.buffer).setUint32(33, i, false);
    const digest = hmac(sha512, parent.chainCode, data);
    clean(data);
    const tweak = bytesToNumberBE(digest.subarray(0, 32));
    const key = (tweak + parentKey) % N;
    if (tweak < N && key !== 0n) {
      const child = { privateKey: numberToBytesBE(key, 32), chainCode: digest.slice(32) };
      clean(digest);
      return child;
    }
    clean(digest);
  }
}

/**
 * Derives the private node at `path`, a list of BIP-32 child numbers (hardened ones at or above 2^31, so
 * m/0'/1 is [2^31, 1]). Every intermediate key, chain code and HMAC input is wiped; the caller wipes the
 * returned node's bytes when done with them.
 */
export function deriveSecp256k1(seed: Uint8Array, path: readonly number[]): Secp256k1Node {
  for (const child of path) {
    if (!Number.isInteger(child) || child < 0 || child > 0xffffffff) {
      throw new RangeError('BIP-32 child numbers are integers in [0, 2^32)');
    }
  }
  const digest = hmac(sha512, MASTER_KEY, seed);
  let current: Secp256k1Node = { privateKey: digest.slice(0, 32), chainCode: digest.slice(32) };
  const master = bytesToNumberBE(current.privateKey);
  clean(digest);
  // An invalid master key (probability below 2^-127) has no next index to move on to; BIP-32 and
  // @scure/bip32 give up on the seed.
  if (master === 0n || master >= N) {
    clean(current.privateKey, current.chainCode);
    throw new RangeError('BIP-32: this seed gives an invalid master key');
  }
  for (const child of path) {
    const parent = current;
    try {
      current = childNode(parent, child);
    } finally {
      clean(parent.privateKey, parent.chainCode);
    }
  }
  return current;
}

/**
 * ECDSA over a 32-byte digest, elsewhere than in noble: r ‖ s (64 bytes, low s, RFC 6979 nonce) and
 * the recovery bit, byte for byte what noble makes. The server signs with libsecp256k1 on a thread of
 * its own (server-wallets/secp256k1.ts), hence a promise.
 */
export type Secp256k1Sign = (
  digest: Uint8Array,
  privateKey: Uint8Array,
) => Promise<{ signature: Uint8Array; recovery: number }>;

/** An Ethereum key as bytes, for signing in the frame; the caller wipes `privateKey` when done. */
export interface EthereumSigner {
  privateKey: Uint8Array;
  /** EIP-55 checksummed. */
  address: `0x${string}`;
  /** Where to sign (`Secp256k1Sign`); with noble, here, when absent. */
  sign?: Secp256k1Sign;
}

/** The EIP-55 address of a 32-byte secp256k1 private key: one public-key computation. */
export function ethereumAddressOf(privateKey: Uint8Array): `0x${string}` {
  return publicKeyToAddress(`0x${bytesToHex(secp256k1.getPublicKey(privateKey, false))}`);
}

/**
 * BIP-44 Ethereum account m/44'/60'/0'/0/{index}, as bytes: three public-key computations in all (the two
 * non-hardened parents and the key itself, for its address).
 */
export function ethereumSigner(seed: Uint8Array, index: number): EthereumSigner {
  const path = [44 + HARDENED, 60 + HARDENED, HARDENED, 0, checkWalletIndex(index)];
  const { privateKey, chainCode } = deriveSecp256k1(seed, path);
  clean(chainCode);
  try {
    return { privateKey, address: ethereumAddressOf(privateKey) };
  } catch (error) {
    clean(privateKey);
    throw error;
  }
}

export interface EthereumKey {
  privateKey: `0x${string}`;
  /** EIP-55 checksummed. */
  address: `0x${string}`;
}

/** BIP-44 Ethereum account: m/44'/60'/0'/0/{index} (the path MetaMask and Privy use), BIP-32 secp256k1. */
export function ethereumKey(seed: Uint8Array, index: number): EthereumKey {
  const signer = ethereumSigner(seed, index);
  const privateKey: `0x${string}` = `0x${bytesToHex(signer.privateKey)}`;
  clean(signer.privateKey);
  return { privateKey, address: signer.address };
}
