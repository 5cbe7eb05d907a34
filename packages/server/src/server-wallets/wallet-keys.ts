import { randomBytes } from 'node:crypto';
import { warmUpCurve } from '@latchkey/keys';
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 as nobleSecp256k1 } from '@noble/curves/secp256k1.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { publicKeyToAddress } from 'viem/accounts';
import type { ServerContext } from '../context.ts';
import { addressOfPublicKey, type KeyedChainType, keyedChainCurves } from './addresses/index.ts';
import { loadSecp256k1, type Secp256k1 } from './secp256k1.ts';

export type { KeyedChainType } from './addresses/index.ts';

/**
 * Custody of server-wallet keys (docs/security.md, "Server wallets"): a key is 32 random bytes made
 * here, sealed by the key store (PKCS#11 in production) at once, and stored only sealed. It is opened
 * inside one operation (`withWalletKey`) and its bytes zeroed when the operation ends, whatever its
 * outcome. The seal is bound to the app and the wallet: a sealed key moved to another row does not open.
 */

let ed25519Warm = false;
/**
 * Ed25519's 8-bit base-point table (@latchkey/keys' warm-up) and the WebAssembly secp256k1
 * (secp256k1.ts), made ready on the first key use rather than at start: a server that holds no server
 * wallets never pays for them. Public data only.
 */
async function curves(): Promise<Secp256k1> {
  if (!ed25519Warm) {
    warmUpCurve('ed25519');
    ed25519Warm = true;
  }
  return loadSecp256k1();
}

/** What a sealed key is bound to (the key store's additional data). */
export const serverWalletKeyContext = (appId: string, walletId: string) =>
  `server-wallet:${appId}:${walletId}`;

/** The address a private key controls, in its chain's own form (addresses/). */
export async function addressOfKey(chainType: KeyedChainType, privateKey: Uint8Array): Promise<string> {
  return (await identityOfKey(chainType, privateKey)).address;
}

/** The key's address in its chain's form, and its public key (hex: compressed secp256k1, or Ed25519). */
export async function identityOfKey(
  chainType: KeyedChainType,
  privateKey: Uint8Array,
): Promise<{ address: string; publicKey: string }> {
  const secp256k1 = await curves();
  if (keyedChainCurves[chainType] === 'ed25519') {
    const publicKey = ed25519.getPublicKey(privateKey);
    return {
      address: addressOfPublicKey[chainType as Exclude<KeyedChainType, 'ethereum'>](publicKey),
      publicKey: bytesToHex(publicKey),
    };
  }
  // One point multiplication: the uncompressed point gives Ethereum's address, and the compressed
  // form (the parity of y before x) everyone's public key.
  const point = secp256k1.publicKey(privateKey, false);
  const compressed = new Uint8Array(33);
  compressed[0] = (point[64]! & 1) === 1 ? 0x03 : 0x02;
  compressed.set(point.subarray(1, 33), 1);
  const address =
    chainType === 'ethereum'
      ? publicKeyToAddress(`0x${bytesToHex(point)}`)
      : addressOfPublicKey[chainType](compressed);
  return { address, publicKey: bytesToHex(compressed) };
}

/** A fresh key for a new wallet, sealed for that wallet: its address and the sealed bytes. */
export async function generateWalletKey(
  ctx: Pick<ServerContext, 'keyStore'>,
  appId: string,
  walletId: string,
  chainType: KeyedChainType,
): Promise<{ address: string; publicKey: string; sealed: string }> {
  // A secp256k1 scalar must be below the group order; any 32 bytes make an Ed25519 seed.
  const key =
    keyedChainCurves[chainType] === 'secp256k1'
      ? nobleSecp256k1.utils.randomSecretKey()
      : new Uint8Array(randomBytes(32));
  try {
    return await sealWalletKey(ctx, appId, walletId, chainType, key);
  } finally {
    key.fill(0);
  }
}

/** Seals a key (made here, or imported over HPKE) for one wallet; the caller zeroes its own copy. */
export async function sealWalletKey(
  ctx: Pick<ServerContext, 'keyStore'>,
  appId: string,
  walletId: string,
  chainType: KeyedChainType,
  key: Uint8Array,
): Promise<{ address: string; publicKey: string; sealed: string }> {
  const identity = await identityOfKey(chainType, key);
  const sealed = await ctx.keyStore.seal(key, serverWalletKeyContext(appId, walletId));
  return { ...identity, sealed };
}

/** The wallet fields custody needs. */
export interface SealedWalletKey {
  id: string;
  app_id: string;
  key_sealed: string;
}

/**
 * Runs `use` with the wallet's private key (32 bytes: the secp256k1 scalar, or the Ed25519 seed) and
 * zeroes it afterwards. `use` must not keep the bytes beyond its own run. secp256k1 keys sign with
 * the `secp256k1` it is handed (secp256k1.ts).
 */
export async function withWalletKey<T>(
  ctx: Pick<ServerContext, 'keyStore'>,
  wallet: SealedWalletKey,
  use: (privateKey: Uint8Array, secp256k1: Secp256k1) => T | Promise<T>,
): Promise<T> {
  const secp256k1 = await curves();
  const key = await ctx.keyStore.open(wallet.key_sealed, serverWalletKeyContext(wallet.app_id, wallet.id));
  try {
    return await use(key, secp256k1);
  } finally {
    key.fill(0);
  }
}
