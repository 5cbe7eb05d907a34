import { type ServerWalletChainType, serverWalletChainTypes } from '@latchkey/protocol';
import { ApiError } from '../http/api-error.ts';
import { isKeyedChainType, type KeyedChainType } from './addresses/index.ts';

/**
 * The chain types of spec document 1 §3 that this server cannot hold keys for, and what is missing
 * for each: the API refuses them with `not_supported` and this message, never a half wallet whose
 * address the chain would not recognise.
 */
export const unsupportedChainReasons: Record<Exclude<ServerWalletChainType, KeyedChainType>, string> = {
  ton: 'ton wallets are not supported: a TON address is the hash of a wallet contract’s state init (its code and data cells, BoC-serialized), and no maintained library here builds it',
  starknet:
    'starknet wallets are not supported: they need the Stark curve and an account contract class hash to derive the address, and no maintained library here provides them',
  spark:
    'spark wallets are not supported: a Spark address comes from the Spark operators’ protocol, which Latchkey does not implement',
};

/** The chain type as one this server keys, or `not_supported` naming what is missing. */
export function keyedChain(chainType: string): KeyedChainType {
  if (isKeyedChainType(chainType)) return chainType;
  if ((serverWalletChainTypes as readonly string[]).includes(chainType))
    throw new ApiError(
      'not_supported',
      unsupportedChainReasons[chainType as keyof typeof unsupportedChainReasons],
    );
  throw new ApiError('invalid_data', `chain_type must be one of ${serverWalletChainTypes.join(', ')}`);
}
