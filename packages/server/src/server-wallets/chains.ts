import { type ServerWalletChainType, serverWalletChainTypes } from '@latchkey/protocol';
import { ApiError } from '../http/api-error.ts';
import type { KeyedChainType } from './wallet-keys.ts';

/**
 * The chain types of spec document 1 §3 that this server cannot hold keys for yet, and what is
 * missing for each: the API refuses them with `not_supported` and this message, never a half wallet.
 */
const unsupported: Record<Exclude<ServerWalletChainType, KeyedChainType>, string> = {
  cosmos: 'cosmos wallets need bech32 address derivation per chain prefix, not built yet',
  stellar: 'stellar wallets need StrKey (base32 with CRC16) address encoding, not built yet',
  sui: 'sui wallets need the BLAKE2b-256 address of the flagged public key, not built yet',
  tron: 'tron wallets need base58check addresses and Tron transaction signing, not built yet',
  'bitcoin-segwit': 'bitcoin-segwit wallets need P2WPKH bech32 addresses and PSBT signing, not built yet',
  near: 'near wallets need implicit-account addresses and NEAR transaction signing, not built yet',
  ton: 'ton wallets need a wallet contract (its code hash makes the address); no maintained library here',
  starknet: 'starknet wallets need the Stark curve and an account contract class; no maintained library here',
  spark: 'spark wallets need the Spark protocol operator API; no maintained library here',
};

/** The chain type as one this server keys, or `not_supported` naming what is missing. */
export function keyedChain(chainType: string): KeyedChainType {
  if (chainType === 'ethereum' || chainType === 'solana') return chainType;
  if ((serverWalletChainTypes as readonly string[]).includes(chainType))
    throw new ApiError('not_supported', unsupported[chainType as keyof typeof unsupported]);
  throw new ApiError('invalid_data', `chain_type must be one of ${serverWalletChainTypes.join(', ')}`);
}
