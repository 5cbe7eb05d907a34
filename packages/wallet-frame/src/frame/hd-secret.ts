import {
  type EthereumSigner,
  ethereumSigner,
  type FarcasterSignerKey,
  farcasterSignerKey,
  type SolanaKey,
  solanaKey,
} from '@latchkey/keys';
import { wipe } from './wipe.ts';

/**
 * An HD entropy rebuilt from its shares: the entropy, its BIP-39 seed, and the wallet keys derived
 * from it so far, one per (chain, index). Derived keys belong to the secret: callers never wipe them,
 * `wipe` zeroes them all with the seed. Held in the key cache (key-cache.ts) between operations, so a
 * signature pays neither PBKDF2 nor the BIP-32 path again.
 */
export class HdSecret {
  readonly #ethereum = new Map<number, EthereumSigner>();
  readonly #solana = new Map<number, SolanaKey>();
  readonly #farcaster = new Map<number, FarcasterSignerKey>();
  #wiped = false;

  readonly entropy: Uint8Array;
  readonly seed: Uint8Array;

  constructor(entropy: Uint8Array, seed: Uint8Array) {
    this.entropy = entropy;
    this.seed = seed;
  }

  /** The Ethereum key at m/44'/60'/0'/0/`index`, derived on first use. */
  ethereumSigner(index: number): EthereumSigner {
    this.#assertLive();
    let key = this.#ethereum.get(index);
    if (!key) {
      key = ethereumSigner(this.seed, index);
      this.#ethereum.set(index, key);
    }
    return key;
  }

  /** The Solana key at m/44'/501'/`index`'/0', derived on first use. */
  solanaKey(index: number): SolanaKey {
    this.#assertLive();
    let key = this.#solana.get(index);
    if (!key) {
      key = solanaKey(this.seed, index);
      this.#solana.set(index, key);
    }
    return key;
  }

  /** The secret's Farcaster signer of `generation` (keys derive-farcaster.ts), derived on first use. */
  farcasterSigner(generation: number): FarcasterSignerKey {
    this.#assertLive();
    let key = this.#farcaster.get(generation);
    if (!key) {
      key = farcasterSignerKey(this.seed, generation);
      this.#farcaster.set(generation, key);
    }
    return key;
  }

  get wiped(): boolean {
    return this.#wiped;
  }

  /** Zeroes the entropy, the seed and every derived key; the secret can no longer be used. */
  wipe(): void {
    this.#wiped = true;
    wipe(this.entropy, this.seed);
    for (const key of this.#ethereum.values()) wipe(key.privateKey);
    for (const key of this.#solana.values()) wipe(key.secretKey);
    for (const key of this.#farcaster.values()) wipe(key.privateKey);
    this.#ethereum.clear();
    this.#solana.clear();
    this.#farcaster.clear();
  }

  #assertLive(): void {
    // A wiped seed derives a valid-looking key of the all-zero seed: never hand one out.
    if (this.#wiped) throw new Error('The wallet secret was wiped');
  }
}
