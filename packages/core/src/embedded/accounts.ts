import {
  type ChainType,
  type EntropyIdVerifier,
  embeddedConnectorType,
  embeddedWalletClientType,
  entropyIdVerifiers,
  type FrameRecoveryMethod,
  isChainType,
  type LinkedAccount,
  type RecoveryMethod,
  type User,
} from '@latchkey/protocol';

// The shared enums under the names this package has exported them by.
export type EmbeddedChainType = ChainType;
/** Every recovery method a wallet can have (the spec's seven); a wallet made elsewhere may have any. */
export type { EntropyIdVerifier, RecoveryMethod };
/** The recovery methods this SDK can create a wallet with or move one to: the wallet frame's. */
export type SupportedRecoveryMethod = FrameRecoveryMethod;

/** An embedded wallet, read from the user's linked accounts (WIRE.md §4.2). */
export interface EmbeddedWalletAccount {
  /** EIP-55 (Ethereum) or base58 (Solana). */
  address: string;
  chainType: EmbeddedChainType;
  /** The wallet's place in the user's HD tree; 0 is the chain's primary wallet. */
  walletIndex: number;
  /** `eip155:N` for Ethereum, null for Solana. */
  chainId: string | null;
  recoveryMethod: string | null;
  imported: boolean;
  delegated: boolean;
  /** Unix seconds, when the wallet was created; null when unknown. */
  createdAt: number | null;
}

/** The entropy (the user's seed) the frame works on: named by its first wallet's address. */
export interface EmbeddedEntropy {
  entropyId: string;
  entropyIdVerifier: EntropyIdVerifier;
  recoveryMethod: string | null;
}

const chainOrder: Record<EmbeddedChainType, number> = { ethereum: 0, solana: 1 };

function toEmbeddedWallet(account: LinkedAccount): EmbeddedWalletAccount | null {
  const a = account as Record<string, unknown>;
  if (
    a.type !== 'wallet' ||
    a.wallet_client_type !== embeddedWalletClientType ||
    a.connector_type !== embeddedConnectorType
  )
    return null;
  if (typeof a.address !== 'string') return null;
  if (!isChainType(a.chain_type)) return null;
  const createdAt = typeof a.first_verified_at === 'number' ? a.first_verified_at : a.verified_at;
  return {
    address: a.address,
    chainType: a.chain_type,
    walletIndex: typeof a.wallet_index === 'number' ? a.wallet_index : 0,
    chainId: typeof a.chain_id === 'string' ? a.chain_id : null,
    recoveryMethod: typeof a.recovery_method === 'string' ? a.recovery_method : null,
    imported: a.imported === true,
    delegated: a.delegated === true,
    createdAt: typeof createdAt === 'number' ? createdAt : null,
  };
}

/**
 * The user's embedded wallets (`type` wallet, `wallet_client_type` privy, `connector_type`
 * embedded), Ethereum first, each chain by `wallet_index`.
 *
 * @example
 * embeddedWallets(user).find((w) => w.chainType === 'ethereum' && w.walletIndex === 0)
 */
export function embeddedWallets(user: User | null | undefined): EmbeddedWalletAccount[] {
  const out: EmbeddedWalletAccount[] = [];
  for (const account of user?.linked_accounts ?? []) {
    const wallet = toEmbeddedWallet(account);
    if (wallet) out.push(wallet);
  }
  return out.sort(
    (a, b) => chainOrder[a.chainType] - chainOrder[b.chainType] || a.walletIndex - b.walletIndex,
  );
}

/**
 * The user's entropy: the address of the first wallet made from it. That is the index-0 wallet
 * created first (a user who started on Solana and added Ethereum later keeps the Solana address),
 * Ethereum when both were created in the same second. Imported wallets have no entropy.
 */
export function embeddedEntropy(user: User | null | undefined): EmbeddedEntropy | null {
  const primaries = embeddedWallets(user).filter((w) => w.walletIndex === 0 && !w.imported);
  const first = primaries.reduce<EmbeddedWalletAccount | null>((best, wallet) => {
    if (!best) return wallet;
    const a = wallet.createdAt ?? Number.POSITIVE_INFINITY;
    const b = best.createdAt ?? Number.POSITIVE_INFINITY;
    return a < b ? wallet : best;
  }, null);
  if (!first) return null;
  return {
    entropyId: first.address,
    entropyIdVerifier: entropyIdVerifiers[first.chainType],
    recoveryMethod: first.recoveryMethod,
  };
}

/** The embedded wallet at `address` (any case for Ethereum), or undefined. */
export function findEmbeddedWallet(
  user: User | null | undefined,
  address: string,
  chainType?: EmbeddedChainType,
): EmbeddedWalletAccount | undefined {
  const lower = address.toLowerCase();
  return embeddedWallets(user).find(
    (w) =>
      (chainType === undefined || w.chainType === chainType) &&
      (w.chainType === 'ethereum' ? w.address.toLowerCase() === lower : w.address === address),
  );
}

/** The index a new wallet on `chainType` gets: one past the highest, 0 for the chain's first. */
export function nextWalletIndex(user: User | null | undefined, chainType: EmbeddedChainType): number {
  const indexes = embeddedWallets(user)
    .filter((w) => w.chainType === chainType && !w.imported)
    .map((w) => w.walletIndex);
  return indexes.length === 0 ? 0 : Math.max(...indexes) + 1;
}
