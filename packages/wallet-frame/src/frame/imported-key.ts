import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, equalBytes, hexToBytes } from '@noble/curves/utils.js';
import { base58 } from '@scure/base';
import { privateKeyToAddress } from 'viem/accounts';
import { FrameError } from './frame-error.ts';
import { type ChainType, type EntropyRef, sameAddress } from './request-data.ts';
import { wipe } from './wipe.ts';

/**
 * An imported private key, as the frame splits and stores it: the 32 bytes that are the key itself
 * (Ethereum: the secp256k1 private key; Solana: the ed25519 seed, the first half of the keypair).
 * Unlike an HD entropy there is no BIP-39 or BIP-32 step: the secret IS the key, and its address is
 * its entropy id.
 */
export interface ImportedKey {
  chain: ChainType;
  secret: Uint8Array;
  address: string;
}

/** A key's length in bytes, and so the length of the secret an imported wallet's shares rebuild. */
export const importedKeyLength = 32;

/** Longer than any encoding of a key: refused before it is parsed (base58 decoding is quadratic). */
const maxKeyText = 200;

function invalid(message: string): FrameError {
  return new FrameError('invalid_request_arguments', message);
}

/**
 * Reads `privateKey` from an import request. Ethereum: 64 hex digits, with or without `0x`, a valid
 * secp256k1 scalar. Solana: base58 of the 64-byte keypair (seed ‖ public key, as Phantom and Solflare
 * export it, whose public half must match), or of the 32-byte seed. Surrounding whitespace (a paste) is
 * ignored. Messages say what was wrong, never what was sent.
 *
 * @example
 * parseImportedKey('ethereum', '0x4c0883a6…').address // '0x2c7536E3605D9C16a7a3D7b1898e529396a65c23'
 */
export function parseImportedKey(chain: ChainType, value: unknown): ImportedKey {
  if (typeof value !== 'string' || value.length === 0 || value.length > maxKeyText)
    throw invalid('Missing or invalid privateKey');
  const text = value.trim();
  return chain === 'ethereum' ? parseEthereumKey(text) : parseSolanaKey(text);
}

function parseEthereumKey(text: string): ImportedKey {
  const match = /^(?:0x)?([0-9a-fA-F]{64})$/.exec(text);
  if (!match) throw invalid('An Ethereum private key is 64 hex digits, with or without 0x');
  const secret = hexToBytes(match[1]!);
  if (!secp256k1.utils.isValidSecretKey(secret)) {
    wipe(secret);
    throw invalid('Invalid Ethereum private key: not a secp256k1 private key');
  }
  return { chain: 'ethereum', secret, address: importedKeyAddress('ethereum', secret) };
}

function parseSolanaKey(text: string): ImportedKey {
  let bytes: Uint8Array;
  try {
    bytes = base58.decode(text);
  } catch {
    throw invalid('A Solana private key is base58');
  }
  try {
    if (bytes.length === 64) {
      // The keypair layout: the public half must be the seed's, or the address would not be the key's.
      const secret = bytes.slice(0, 32);
      const publicKey = ed25519.getPublicKey(secret);
      if (!equalBytes(publicKey, bytes.subarray(32))) {
        wipe(secret);
        throw invalid('Invalid Solana private key: its public key does not match its secret key');
      }
      return { chain: 'solana', secret, address: base58.encode(publicKey) };
    }
    if (bytes.length === importedKeyLength) {
      const secret = bytes.slice();
      return { chain: 'solana', secret, address: importedKeyAddress('solana', secret) };
    }
    throw invalid('A Solana private key is 64 bytes (or its 32-byte seed)');
  } finally {
    wipe(bytes);
  }
}

/** The address of a 32-byte key: EIP-55 for Ethereum, base58 of the ed25519 public key for Solana. */
export function importedKeyAddress(chain: ChainType, secret: Uint8Array): string {
  if (secret.length !== importedKeyLength) throw invalid('A private key is 32 bytes');
  if (chain === 'ethereum') return privateKeyToAddress(`0x${bytesToHex(secret)}`);
  return base58.encode(ed25519.getPublicKey(secret));
}

/**
 * True when `secret` (two shares combined) is an imported key whose address is the entropy id `ref`
 * names. An HD entropy is 16 bytes, and any other pair of shares combines to bytes whose address is not
 * the id: either way, false.
 */
export function isImportedKeyOf(ref: EntropyRef, secret: Uint8Array): boolean {
  if (secret.length !== importedKeyLength) return false;
  try {
    return sameAddress(ref.primaryChain, importedKeyAddress(ref.primaryChain, secret), ref.entropyId);
  } catch {
    // Not a valid secp256k1 scalar (0 or ≥ n): not a key at all.
    return false;
  }
}

/** The 64-byte Solana keypair (seed ‖ public key) of an imported seed; the caller wipes it. */
export function solanaKeypair(secret: Uint8Array): Uint8Array {
  const keypair = new Uint8Array(64);
  keypair.set(secret, 0);
  keypair.set(ed25519.getPublicKey(secret), 32);
  return keypair;
}
