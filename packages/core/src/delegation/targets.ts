import {
  type ChainType,
  embeddedWalletClientType,
  entropyIdVerifiers,
  type LinkedAccount,
  type User,
} from '@latchkey/protocol';
import {
  type EmbeddedWalletAccount,
  embeddedEntropy,
  embeddedWallets,
  findEmbeddedWallet,
} from '../embedded/accounts.ts';
import { LatchkeyClientError } from '../errors.ts';

/** The incumbent's messages (js-sdk-core), for its codes. */
export const delegationMessages = {
  delegateBeforeLogin: 'Must be logged in to delegate wallets',
  revokeBeforeLogin: 'Must be logged in to revoke delegated wallets',
  unsupportedChain: 'Only Solana and Ethereum embedded wallets are supported for delegation and revocation.',
  walletNotFound: 'Address to delegate is not associated with current user.',
  noWalletToRevoke: 'User has no delegated wallets to revoke.',
  declinedDelegation: 'User declined delegating actions.',
  declinedRevoke: 'User declined revoking access to their delegated wallet.',
} as const;

/** A wallet to delegate and the root whose secret holds its key. */
export interface DelegationTarget {
  wallet: EmbeddedWalletAccount;
  /** The imported wallet itself, or the user's entropy (named by its first wallet, as the frame knows it). */
  root: { address: string; chainType: ChainType; imported: boolean };
}

/**
 * The wallet at `address` and its root, with the incumbent's refusals: no user, a chain other than
 * Ethereum or Solana, an address that is not one of the user's embedded wallets. The HD root is the
 * user's entropy (`embeddedEntropy`): the incumbent names the primary Ethereum wallet, else the
 * Solana one, which is the same wallet unless the user's Solana wallet came first; the frame can only
 * rebuild the secret under the name its shares are stored by.
 */
export function delegationTarget(user: User | null, address: string, chainType: string): DelegationTarget {
  if (!user)
    throw new LatchkeyClientError(
      'delegated_actions_before_logged_in',
      delegationMessages.delegateBeforeLogin,
    );
  if (chainType !== 'ethereum' && chainType !== 'solana')
    throw new LatchkeyClientError('unsupported_chain_type', delegationMessages.unsupportedChain);
  const wallet = typeof address === 'string' ? findEmbeddedWallet(user, address, chainType) : undefined;
  const entropy = embeddedEntropy(user);
  const root = wallet?.imported
    ? { address: wallet.address, chainType: wallet.chainType, imported: true }
    : entropy && {
        address: entropy.entropyId,
        chainType: (entropy.entropyIdVerifier === entropyIdVerifiers.solana
          ? 'solana'
          : 'ethereum') as ChainType,
        imported: false,
      };
  if (!wallet || !root)
    throw new LatchkeyClientError('delegated_actions_wallet_not_found', delegationMessages.walletNotFound);
  return { wallet, root };
}

/** The user's embedded wallets whose keys the server holds now. */
export const delegatedWallets = (user: User | null): EmbeddedWalletAccount[] =>
  embeddedWallets(user).filter((wallet) => wallet.delegated);

/**
 * The server wallet id of a delegated embedded wallet (its linked account's `id`), or null: the
 * session-signer routes name the wallet by it.
 */
export function delegatedWalletId(user: User | null, wallet: EmbeddedWalletAccount): string | null {
  const account = user?.linked_accounts.find((a: LinkedAccount) => {
    const fields = a as { wallet_client_type?: unknown; chain_type?: unknown; address?: unknown };
    return (
      a.type === 'wallet' &&
      fields.wallet_client_type === embeddedWalletClientType &&
      fields.chain_type === wallet.chainType &&
      fields.address === wallet.address
    );
  }) as { id?: unknown } | undefined;
  return typeof account?.id === 'string' && account.id.length > 0 ? account.id : null;
}

/** Revoking needs a user with a delegated wallet (the incumbent's codes and messages). */
export function assertRevocable(user: User | null): void {
  if (!user)
    throw new LatchkeyClientError('delegated_actions_before_logged_in', delegationMessages.revokeBeforeLogin);
  if (delegatedWallets(user).length === 0)
    throw new LatchkeyClientError(
      'delegated_actions_no_wallet_to_revoke',
      delegationMessages.noWalletToRevoke,
    );
}
