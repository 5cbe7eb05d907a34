import { base58 } from '@scure/base';

/** The key as wallets import it: 0x + 64 lowercase hex digits. */
export function exportEthereumPrivateKey(privateKey: `0x${string}`): string {
  if (!/^0x[0-9a-fA-F]{64}$/.test(privateKey)) {
    throw new RangeError('An Ethereum private key is 32 bytes of 0x-hex');
  }
  return privateKey.toLowerCase();
}

/** base58 of the 64-byte secret key (seed ‖ public key): the format Phantom and Solflare import. */
export function exportSolanaPrivateKey(secretKey: Uint8Array): string {
  if (secretKey.length !== 64) throw new RangeError('A Solana secret key is 64 bytes');
  return base58.encode(secretKey);
}
