import { combine, split } from 'shamir-secret-sharing';

export interface EntropyShares {
  /** Kept in the frame origin's localStorage. */
  deviceShare: Uint8Array;
  /** Stored by the server, released only to the frame. */
  authShare: Uint8Array;
  /** Stored by the server encrypted under the recovery key. */
  recoveryShare: Uint8Array;
}

/** 2-of-3 Shamir split: any two shares rebuild the entropy, one alone says nothing about it. */
export async function splitEntropy(entropy: Uint8Array): Promise<EntropyShares> {
  const [deviceShare, authShare, recoveryShare] = await split(entropy, 3, 2);
  return { deviceShare: deviceShare!, authShare: authShare!, recoveryShare: recoveryShare! };
}

/**
 * Rebuilds the entropy from two shares. Two shares from different splits still "combine" to garbage, so the
 * caller checks the result (the frame compares the derived primary address with the entropyId).
 */
export async function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  return combine([a, b]);
}
