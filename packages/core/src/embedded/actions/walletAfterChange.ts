import type { User } from '@latchkey/protocol';
import {
  type EmbeddedChainType,
  type EmbeddedWalletAccount,
  embeddedEntropy,
  findEmbeddedWallet,
} from '../accounts.ts';
import type { EmbeddedWalletsContext } from './context.ts';

/**
 * After a wallet was added: the session is refreshed so the user's linked accounts show it, and the
 * refreshed user's wallet at `address` is returned; if the refresh failed, what the frame reported.
 */
export async function walletAfterChange(
  ctx: EmbeddedWalletsContext,
  address: string,
  chainType: EmbeddedChainType,
  walletIndex: number,
  imported: { recoveryMethod: string } | null = null,
): Promise<EmbeddedWalletAccount> {
  const { session } = ctx;
  let user: User | null = null;
  try {
    user = await session.refreshAfterChange();
  } catch {
    // The wallet exists either way; the linked accounts catch up on the next refresh.
  }
  return (
    findEmbeddedWallet(user ?? session.user, address, chainType) ?? {
      address,
      chainType,
      walletIndex,
      chainId: chainType === 'ethereum' ? 'eip155:1' : null,
      recoveryMethod: imported
        ? imported.recoveryMethod
        : (embeddedEntropy(session.user)?.recoveryMethod ?? null),
      imported: imported !== null,
      delegated: false,
      createdAt: null,
    }
  );
}
