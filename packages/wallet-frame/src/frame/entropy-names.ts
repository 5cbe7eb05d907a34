import { primaryAddress } from '@latchkey/keys';

/** Every name of an entropy: its primary (index-0) Ethereum and Solana addresses. */
export function entropyNames(seed: Uint8Array): string[] {
  return [primaryAddress(seed, 'ethereum'), primaryAddress(seed, 'solana')];
}
