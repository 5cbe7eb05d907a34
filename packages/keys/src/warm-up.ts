import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';

/**
 * Window width of the base-point tables. @noble/curves' default is 6 bits, built on the first use of a
 * curve; 8-bit windows need about a quarter fewer point additions per multiplication by the base point
 * (every public key and every signature nonce): an Ethereum signature in the frame does four such
 * multiplications, a Solana one three. The multiplication stays noble's constant-time, blinded one: the
 * window width changes the table, not how it is read.
 */
export const BASE_WINDOW_BITS = 8;

const bases = { secp256k1: secp256k1.Point.BASE, ed25519: ed25519.Point.BASE };

/**
 * Builds a curve's 8-bit base-point table now (a few tens of milliseconds and about a megabyte each), so
 * that no request pays for it. The frame calls this once per curve, in separate tasks, after it starts;
 * no secret is involved.
 */
export function warmUpCurve(curve: keyof typeof bases): void {
  bases[curve].precompute(BASE_WINDOW_BITS, false);
}
