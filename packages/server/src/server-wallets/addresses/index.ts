import { base58 } from '@scure/base';
import { bitcoinSegwitAddress } from './bitcoin.ts';
import { cosmosAddress } from './cosmos.ts';
import { nearImplicitAccount } from './near.ts';
import { stellarAccountId } from './stellar.ts';
import { suiAddress } from './sui.ts';
import { tronAddress } from './tron.ts';

/**
 * The chain types whose keys this server makes and signs with (docs/server-wallets.md, "Chains"),
 * each on its curve. The other chain types of spec document 1 §3 are refused (chains.ts).
 */
export const keyedChainCurves = {
  ethereum: 'secp256k1',
  solana: 'ed25519',
  cosmos: 'secp256k1',
  tron: 'secp256k1',
  'bitcoin-segwit': 'secp256k1',
  sui: 'ed25519',
  near: 'ed25519',
  stellar: 'ed25519',
} as const;

export type KeyedChainType = keyof typeof keyedChainCurves;
export type WalletCurve = (typeof keyedChainCurves)[KeyedChainType];

export const isKeyedChainType = (chainType: string): chainType is KeyedChainType =>
  Object.hasOwn(keyedChainCurves, chainType);

/**
 * The address of a public key (secp256k1 compressed, or Ed25519) in its chain's own form. Ethereum's
 * is made from the private key by @latchkey/keys (wallet-keys.ts), as everywhere else in Latchkey.
 */
export const addressOfPublicKey: Record<
  Exclude<KeyedChainType, 'ethereum'>,
  (publicKey: Uint8Array) => string
> = {
  solana: (publicKey) => base58.encode(publicKey),
  cosmos: (publicKey) => cosmosAddress(publicKey),
  tron: tronAddress,
  'bitcoin-segwit': bitcoinSegwitAddress,
  sui: suiAddress,
  near: nearImplicitAccount,
  stellar: stellarAccountId,
};
