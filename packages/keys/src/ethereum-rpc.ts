/**
 * The Ethereum signing methods the frame answers for `privy:wallets:rpc` (WIRE §6). Every result is a
 * 0x-hex string: a signature, or the signed serialized transaction.
 *
 * viem computes what is signed (EIP-191 and EIP-712 hashes, transaction serialization); the ECDSA signature
 * itself is @noble/curves' secp256k1 over the key's bytes, put in exactly the form viem's accounts give
 * (`signHash`). A viem account would compute the key's public key once more, on top of the one the frame
 * already computed for the wallet's address; the tests compare every method with viem's
 * `privateKeyToAccount` on random keys.
 */
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex, clean, hexToBytes } from '@noble/hashes/utils.js';
import {
  type Hex,
  hashMessage,
  hashTypedData,
  keccak256,
  type Signature,
  serializeTransaction,
  type TransactionSerializable,
} from 'viem';
import { type EthereumSigner, ethereumAddressOf, type Secp256k1Sign } from './derive-ethereum.ts';
import { InvalidRequestError } from './errors.ts';
import { parseRpcTransaction, transactionFrom } from './ethereum-transaction.ts';

type Params = readonly unknown[];

/** The wire form of r ‖ s and the recovery bit. */
function recovered(signature: Uint8Array, recovery: number): Signature & { yParity: 0 | 1 } {
  // 2 and 3 (r was reduced mod n) are possible in theory with probability ~2^-128; viem refuses them too.
  if (recovery !== 0 && recovery !== 1) throw new Error('Unusable signature recovery bit');
  return {
    r: `0x${bytesToHex(signature.subarray(0, 32))}`,
    s: `0x${bytesToHex(signature.subarray(32, 64))}`,
    v: recovery ? 28n : 27n,
    yParity: recovery,
  };
}

function digestOf(hash: Hex): Uint8Array {
  const digest = hexToBytes(hash.slice(2));
  if (digest.length !== 32) throw new InvalidRequestError('A signed hash is 32 bytes');
  return digest;
}

/**
 * ECDSA over a 32-byte hash, as viem's `sign` makes it: RFC 6979 deterministic nonce (no extra entropy), low
 * s, and v = 27 + the recovery bit.
 */
export function signHash(privateKey: Uint8Array, hash: Hex): Signature & { yParity: 0 | 1 } {
  const signature = secp256k1.sign(digestOf(hash), privateKey, {
    prehash: false,
    lowS: true,
    format: 'recovered',
  });
  return recovered(signature.subarray(1), signature[0]!);
}

/** `signHash` made by `sign` (the same bytes, signed elsewhere: `Secp256k1Sign`). */
export async function signHashWith(
  sign: Secp256k1Sign,
  privateKey: Uint8Array,
  hash: Hex,
): Promise<Signature & { yParity: 0 | 1 }> {
  const { signature, recovery } = await sign(digestOf(hash), privateKey);
  return recovered(signature, recovery);
}

/** The signer's signature of `hash`: by its own `sign` when it has one, else here (noble). */
export function signHashAs(signer: EthereumSigner, hash: Hex): Promise<Signature & { yParity: 0 | 1 }> {
  return signer.sign
    ? signHashWith(signer.sign, signer.privateKey, hash)
    : Promise.resolve(signHash(signer.privateKey, hash));
}

/** r ‖ s ‖ v, 65 bytes of hex, as viem's `serializeSignature` (and so its accounts) writes a signature. */
function serialized({ r, s, yParity }: Signature): Hex {
  return `${r}${s.slice(2)}${yParity ? '1c' : '1b'}`;
}

/** The request names the account it wants; signing with a different key would answer for the wrong wallet. */
function checkAddress(signer: EthereumSigner, address: unknown): void {
  if (typeof address !== 'string' || address.toLowerCase() !== signer.address.toLowerCase()) {
    throw new InvalidRequestError('The address does not match this wallet');
  }
}

/** viem rejects malformed typed data or transactions while hashing them; those are request errors too. */
async function asRequestError<T>(what: string, sign: () => T | Promise<T>): Promise<T> {
  try {
    return await sign();
  } catch (error) {
    if (error instanceof InvalidRequestError) throw error;
    const detail =
      error instanceof Error
        ? ((error as Error & { shortMessage?: string }).shortMessage ?? error.message)
        : '';
    throw new InvalidRequestError(detail ? `${what}: ${detail}` : what);
  }
}

/** Hex of whole bytes is signed as those bytes (as MetaMask does); anything else as its UTF-8 text. */
async function personalSign(signer: EthereumSigner, params: Params): Promise<Hex> {
  const [message, address] = params;
  if (typeof message !== 'string') throw new InvalidRequestError('personal_sign expects [message, address]');
  checkAddress(signer, address);
  const raw = /^0x([0-9a-fA-F]{2})*$/.test(message);
  return serialized(await signHashAs(signer, hashMessage(raw ? { raw: message as Hex } : message)));
}

/** eth_sign signs the 32-byte hash itself, with no EIP-191 prefix. */
async function ethSign(signer: EthereumSigner, params: Params): Promise<Hex> {
  const [address, hash] = params;
  checkAddress(signer, address);
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) {
    throw new InvalidRequestError('eth_sign expects [address, 32-byte hash]');
  }
  return serialized(await signHashAs(signer, hash as Hex));
}

function parseTypedData(value: unknown): Record<string, unknown> {
  let data = value;
  if (typeof value === 'string') {
    try {
      data = JSON.parse(value);
    } catch {
      throw new InvalidRequestError('Typed data is not valid JSON');
    }
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new InvalidRequestError('eth_signTypedData_v4 expects [address, typedData]');
  }
  return data as Record<string, unknown>;
}

/**
 * The dapp's EIP712Domain type, when it sends one, is kept: viem hashes the domain with it (its own inferred
 * domain type only fills in when it is missing), which is what MetaMask does, so a domain whose fields are in
 * a non-canonical order still hashes to the contract's domain separator.
 */
async function signTypedData(signer: EthereumSigner, params: Params): Promise<Hex> {
  const [address, typedData] = params;
  checkAddress(signer, address);
  const { domain, types, primaryType, message } = parseTypedData(typedData);
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string') {
    throw new InvalidRequestError('Typed data needs types and primaryType');
  }
  type TypedDataArgs = Parameters<typeof hashTypedData>[0];
  const args = { domain: domain ?? undefined, types, primaryType, message } as unknown as TypedDataArgs;
  const hash = await asRequestError('Invalid typed data', () => hashTypedData(args));
  return serialized(await signHashAs(signer, hash));
}

/** As viem's `signTransaction`: sign the hash of the unsigned serialization, then serialize with the signature. */
async function signTransaction(signer: EthereumSigner, params: Params): Promise<Hex> {
  const [tx] = params;
  const from = transactionFrom(tx);
  if (from !== undefined && from !== null) checkAddress(signer, from);
  const transaction: TransactionSerializable = parseRpcTransaction(tx);
  const unsigned = await asRequestError('Invalid transaction', () => serializeTransaction(transaction));
  const signature = await signHashAs(signer, keccak256(unsigned));
  return asRequestError('Invalid transaction', () => serializeTransaction(transaction, signature));
}

const METHODS: Record<string, (signer: EthereumSigner, params: Params) => Hex | Promise<Hex>> = {
  personal_sign: personalSign,
  eth_sign: ethSign,
  eth_signTypedData_v4: signTypedData,
  eth_signTransaction: signTransaction,
};

/**
 * Answers `request` with the key: a signer from `ethereumSigner` (its address already computed), or a
 * 0x-hex private key, whose address is computed here.
 */
export async function ethereumRpc(
  key: `0x${string}` | EthereumSigner,
  request: { method: string; params?: unknown },
): Promise<string> {
  const method =
    typeof request?.method === 'string' && Object.hasOwn(METHODS, request.method) ? request.method : '';
  const handler = METHODS[method];
  if (!handler) throw new InvalidRequestError('Unsupported method');
  if (typeof key !== 'string') return handler(key, paramList(method, request.params));
  const privateKey = hexToBytes(key.slice(2));
  try {
    return await handler(
      { privateKey, address: ethereumAddressOf(privateKey) },
      paramList(method, request.params),
    );
  } finally {
    clean(privateKey);
  }
}

function paramList(method: string, params: unknown): Params {
  if (!Array.isArray(params)) throw new InvalidRequestError(`${method} expects its params as an array`);
  return params;
}
