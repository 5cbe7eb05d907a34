import { InvalidRequestError } from './errors.ts';

/** Indexes come from the host page, so they are checked: BIP-32 child numbers stop below 2^31 (hardened range). */
export function checkWalletIndex(index: number): number {
  if (!Number.isSafeInteger(index) || index < 0 || index >= 0x80000000) {
    throw new InvalidRequestError('Invalid wallet index');
  }
  return index;
}
