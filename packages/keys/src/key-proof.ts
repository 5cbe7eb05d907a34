/**
 * What the frame signs to prove it holds a wallet's key (the server's `invalid_key_proof` check):
 * the protocol's key-proof text, signed as that chain's wallets sign text. Ethereum: EIP-191
 * personal_sign, 65-byte r ‖ s ‖ v hex, as viem's accounts write it. Solana: ed25519 over the UTF-8
 * bytes, base64.
 */
import { type Hex, hashMessage } from 'viem';
import { toBase64 } from './base64.ts';
import { signHash } from './ethereum-rpc.ts';
import { solanaSignMessage } from './solana.ts';

/** personal_sign of UTF-8 `text` with a 32-byte secp256k1 key. */
export function ethereumKeyProof(privateKey: Uint8Array, text: string): Hex {
  const { r, s, yParity } = signHash(privateKey, hashMessage(text));
  return `${r}${s.slice(2)}${yParity ? '1c' : '1b'}`;
}

/** ed25519 of UTF-8 `text` with a 64-byte Solana secret key (seed ‖ public key), base64. */
export function solanaKeyProof(secretKey: Uint8Array, text: string): string {
  return toBase64(solanaSignMessage(secretKey, new TextEncoder().encode(text)));
}
