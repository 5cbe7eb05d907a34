import type { RecoveryMethod } from '@latchkey/protocol';
import type { Kysely } from 'kysely';
import { ApiError } from '../http/api-error.ts';
import type { Database } from '../storage/schema.ts';
import {
  parseEthereumAddress,
  parseSolanaAddress,
  type WalletAddress,
  type WalletChainType,
} from '../wallets/addresses.ts';
import { type AccountRecord, isEmbeddedWallet, type VerifiedIdentity } from './account-record.ts';
import { toAccountRecord, type UserRecord } from './user-record.ts';

/** One embedded wallet: where it sits in the user's HD tree, and its address. */
export interface EmbeddedWallet {
  chainType: WalletChainType;
  walletIndex: number;
  address: WalletAddress;
  /** An imported private key: its own entropy, outside the user's HD tree. */
  imported?: boolean;
}

/**
 * An embedded wallet's address, checked for its chain with the same parsers external wallets
 * use: the account identifier is the same, so one address is one account, embedded or not.
 */
export function parseWalletAddress(chainType: WalletChainType, address: string): WalletAddress {
  return chainType === 'ethereum' ? parseEthereumAddress(address) : parseSolanaAddress(address);
}

/** The linked account of an embedded wallet (WIRE.md §4.2, embedded fields). */
export function embeddedWalletIdentity(
  wallet: EmbeddedWallet,
  recoveryMethod: RecoveryMethod,
): VerifiedIdentity {
  const details: Record<string, unknown> = {
    address: wallet.address.display,
    chain_type: wallet.chainType,
    chain_id: wallet.chainType === 'ethereum' ? 'eip155:1' : null,
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    wallet_index: wallet.walletIndex,
    delegated: false,
    imported: wallet.imported === true,
    recovery_method: recoveryMethod,
  };
  if (wallet.chainType === 'solana') details.public_key = wallet.address.display;
  return { type: 'wallet', identifier: wallet.address.identifier, details };
}

/** The user's embedded wallets, as their accounts describe them. */
export function embeddedWalletsOf(accounts: AccountRecord[]): EmbeddedWallet[] {
  return accounts.filter(isEmbeddedWallet).map((account) => {
    const d = account.details;
    const chainType = d.chain_type === 'solana' ? 'solana' : 'ethereum';
    const display = String(d.address ?? account.identifier);
    return {
      chainType,
      walletIndex: Number(d.wallet_index ?? 0),
      address: { chainType, identifier: account.identifier, display },
      imported: d.imported === true,
    };
  });
}

/**
 * HD index rules: one wallet per (chain, index), and a chain's index 0 (its primary wallet)
 * before any higher index. `added` are checked in order, each against those before it. Imported
 * wallets (index 0 of a tree of their own) take no place in the HD tree.
 */
export function assertIndexRules(existing: EmbeddedWallet[], added: EmbeddedWallet[]): void {
  const wallets = existing.filter((w) => !w.imported);
  for (const wallet of added) {
    const ofChain = wallets.filter((w) => w.chainType === wallet.chainType);
    if (ofChain.some((w) => w.walletIndex === wallet.walletIndex))
      throw new ApiError(
        'invalid_data',
        `The ${wallet.chainType} wallet at index ${wallet.walletIndex} already exists`,
      );
    if (wallet.walletIndex > 0 && !ofChain.some((w) => w.walletIndex === 0))
      throw new ApiError('invalid_data', `The first ${wallet.chainType} wallet must have index 0`);
    wallets.push(wallet);
  }
}

/** Index 0 sorts first, so a create listing index 1 before index 0 is still read as meant. */
export function byIndex(a: EmbeddedWallet, b: EmbeddedWallet): number {
  return a.walletIndex - b.walletIndex;
}

/**
 * The user's primary embedded wallet address: Ethereum index 0, else Solana index 0, HD wallets
 * before imported ones; else null.
 */
export function primaryEmbeddedAddress(user: Pick<UserRecord, 'accounts'>): string | null {
  const primary = embeddedWalletsOf(user.accounts).filter((w) => w.walletIndex === 0);
  const pick = (wallets: EmbeddedWallet[]) =>
    wallets.find((w) => w.chainType === 'ethereum') ?? wallets.find((w) => w.chainType === 'solana');
  const wallet = pick(primary.filter((w) => !w.imported)) ?? pick(primary.filter((w) => w.imported));
  return wallet?.address.display ?? null;
}

/** `primaryEmbeddedAddress` of a user by id, reading only their wallet accounts. */
export async function loadPrimaryEmbeddedAddress(
  db: Kysely<Database>,
  appId: string,
  userId: string,
): Promise<string | null> {
  const rows = await db
    .selectFrom('linked_accounts')
    .selectAll()
    .where('app_id', '=', appId)
    .where('user_id', '=', userId)
    .where('type', '=', 'wallet')
    .execute();
  return primaryEmbeddedAddress({ accounts: rows.map(toAccountRecord) });
}
