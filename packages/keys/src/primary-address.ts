import type { ChainType } from '@latchkey/protocol';
import { ethereumKey } from './derive-ethereum.ts';
import { solanaKey } from './derive-solana.ts';
import { InvalidRequestError } from './errors.ts';

/**
 * The index-0 address of a chain. The entropyId is the first wallet's address, so the frame compares this
 * with the entropyId after every combine to catch a stale device share.
 */
export function primaryAddress(seed: Uint8Array, chainType: ChainType): string {
  if (chainType === 'ethereum') return ethereumKey(seed, 0).address;
  if (chainType === 'solana') return solanaKey(seed, 0).address;
  // The chain type comes from the host page; TypeScript cannot vouch for it.
  throw new InvalidRequestError('Unsupported chain type');
}
