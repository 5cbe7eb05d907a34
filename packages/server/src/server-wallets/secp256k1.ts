import type { Secp256k1Sign } from '@latchkey/keys';
import { signOnThread, warmSigningThread } from './signing-thread.ts';

/**
 * secp256k1 for server wallets: libsecp256k1 (Bitcoin Core's library) compiled to WebAssembly, from
 * `tiny-secp256k1`. A signature costs about a third of @noble/curves' in JavaScript (0.09 ms against
 * 0.30 on the 2-vCPU bench machine; a public key 0.08 against 0.24), which was most of a signing
 * request's CPU; signatures run on a thread of their own (signing-thread.ts), public keys (wallet
 * creation) here. The frame keeps noble, which is small and has no WebAssembly to load. The
 * signatures are the same bytes (RFC 6979 nonce, low s: secp256k1.test.ts compares them).
 *
 * Custody (docs/security.md §10): the library copies the key into its linear memory for the call and
 * zeroes that copy in a `finally`, as `withWalletKey` zeroes ours. libsecp256k1 runs in constant time
 * and blinds its base-point multiplications with a context randomized from `crypto.randomBytes`.
 *
 * Loaded on first use (about 20 ms to compile), so a server that holds no server wallet never pays.
 */

type Library = typeof import('tiny-secp256k1');

export interface Secp256k1 {
  /** `@latchkey/keys`' signer hook: r ‖ s and the recovery bit, made on the signing thread. */
  sign: Secp256k1Sign;
  /** The public key of a valid private key: 33 bytes compressed, or 65 uncompressed (here). */
  publicKey(privateKey: Uint8Array, compressed: boolean): Uint8Array;
}

let loading: Promise<Secp256k1> | null = null;

function wrap(library: Library): Secp256k1 {
  return {
    sign: signOnThread,
    publicKey: (privateKey, compressed) => {
      const point = library.pointFromScalar(privateKey, compressed);
      // Null only for a scalar outside [1, n), which the callers never hold (keys are checked on entry).
      if (!point) throw new Error('not a secp256k1 private key');
      return point;
    },
  };
}

/** The library (compiled once per process) and the signing thread, started with it. */
export function loadSecp256k1(): Promise<Secp256k1> {
  loading ??= import('tiny-secp256k1').then((library) => {
    warmSigningThread();
    return wrap(library);
  });
  return loading;
}
