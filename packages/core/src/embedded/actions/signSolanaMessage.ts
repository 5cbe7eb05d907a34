import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';
import { walletRpc } from './walletRpc.ts';

function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(text: string): Uint8Array {
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * Signs `message` with the embedded Solana wallet at `address` (ed25519, 64 bytes): the frame's
 * `signMessage` takes and answers base64.
 */
export async function signSolanaMessage(
  ctx: EmbeddedWalletsContext,
  address: string,
  message: Uint8Array,
): Promise<Uint8Array> {
  if (!(message instanceof Uint8Array) || message.length === 0)
    throw new EmbeddedWalletError('invalid_input', embeddedMessages.emptyMessage);
  const data = (await walletRpc(ctx, address, 'solana', {
    method: 'signMessage',
    params: { message: bytesToBase64(message) },
  })) as { signature?: unknown } | undefined;
  if (typeof data?.signature !== 'string') throw new EmbeddedWalletError('error', 'Unable to sign message');
  return base64ToBytes(data.signature);
}
