import { ethereumKey, solanaKey } from '@latchkey/keys';
import type { ChainType } from './request-data.ts';
import { wipe } from './wipe.ts';

/** The address of the wallet at (`chain`, `index`) of a seed; the key derived on the way is dropped. */
export function walletAddress(seed: Uint8Array, chain: ChainType, index: number): string {
  if (chain === 'ethereum') return ethereumKey(seed, index).address;
  const key = solanaKey(seed, index);
  wipe(key.secretKey);
  return key.address;
}
