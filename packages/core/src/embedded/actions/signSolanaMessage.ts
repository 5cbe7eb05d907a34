import { base64 } from '@scure/base';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';
import { walletRpc } from './walletRpc.ts';

/**
 * Signs `message` with the embedded Solana wallet at `address` (ed25519, 64 bytes): the frame's
 * `signMessage` takes and answers standard padded base64 (@scure/base, as the frame encodes it).
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
    params: { message: base64.encode(message) },
  })) as { signature?: unknown } | undefined;
  if (typeof data?.signature !== 'string') throw new EmbeddedWalletError('error', 'Unable to sign message');
  return base64.decode(data.signature);
}
