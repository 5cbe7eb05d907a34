import type { AssetTransfer } from './asset-transfers.ts';
import type { NativeDeposit } from './deposits.ts';

/** A token account's balance in a transaction's metadata (`preTokenBalances` / `postTokenBalances`). */
interface TokenBalance {
  accountIndex: number;
  mint: string;
  /** The account's owner (the wallet); absent in transactions from before the RPC reported it. */
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

/** `getTransaction` (encoding `json`) as far as the watcher reads it. */
export interface SolanaTransaction {
  slot: number;
  blockTime: number | null;
  transaction: { message: { accountKeys: string[] } };
  meta: {
    err: unknown;
    fee: number;
    preBalances: number[];
    postBalances: number[];
    preTokenBalances?: TokenBalance[] | null;
    postTokenBalances?: TokenBalance[] | null;
    loadedAddresses?: { writable: string[]; readonly: string[] } | null;
  } | null;
}

type Block = { number: number; timestamp: number };

/** What one transaction moved into or out of a wallet. */
export interface WalletChanges {
  /** SOL received: the wallet's lamports grew in a transaction it did not pay for. */
  sol: Pick<NativeDeposit, 'sender' | 'recipient' | 'amount' | 'block'> | null;
  /** Registered mints in or out: the net change of the wallet's token accounts of each mint. */
  tokens: Omit<AssetTransfer, 'wallet' | 'caip2' | 'transactionHash' | 'transferIndex'>[];
}

/** The party whose holding changed most in `sign`'s direction, other than `wallet`; null for none. */
function largest(changes: Map<string, bigint>, wallet: string, sign: 1n | -1n): string | null {
  let best: string | null = null;
  let most = 0n;
  for (const [party, change] of changes)
    if (party !== wallet && change * sign > most) {
      best = party;
      most = change * sign;
    }
  return best;
}

/** Each owner's change in `mint` across the transaction (token accounts summed per owner). */
function ownerChanges(pre: TokenBalance[], post: TokenBalance[], mint: string): Map<string, bigint> {
  const changes = new Map<string, bigint>();
  const add = (entries: TokenBalance[], sign: bigint) => {
    for (const entry of entries)
      if (entry.mint === mint && entry.owner)
        changes.set(
          entry.owner,
          (changes.get(entry.owner) ?? 0n) + sign * BigInt(entry.uiTokenAmount.amount),
        );
  };
  add(pre, -1n);
  add(post, 1n);
  return changes;
}

/**
 * What a successful transaction moved into or out of `wallet`, from its balances before and after
 * (all accounts it loaded: the message's keys, then those from lookup tables):
 * - SOL in: the wallet's lamports grew and it is not the fee payer (a transaction it paid for is its
 *   own doing: closing its token account refunds rent, which is no deposit). The sender is the
 *   account whose lamports fell most, else the fee payer.
 * - a registered mint in or out: the net change of the token accounts the wallet owns; the other
 *   party is the owner whose holding moved most the other way, else the fee payer (a mint to the
 *   wallet) or the mint itself (tokens the wallet burned). A withdrawal the wallet paid for carries
 *   the fee.
 * `nowSeconds` stands in for a block time the node does not know.
 */
export function walletChanges(
  transaction: SolanaTransaction,
  wallet: string,
  mints: ReadonlySet<string>,
  nowSeconds: number,
): WalletChanges {
  const changes: WalletChanges = { sol: null, tokens: [] };
  const meta = transaction.meta;
  if (!meta || meta.err !== null) return changes;
  const keys = [
    ...transaction.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  const feePayer = keys[0] ?? '';
  const block: Block = { number: transaction.slot, timestamp: transaction.blockTime ?? nowSeconds };

  const lamports = new Map<string, bigint>();
  keys.forEach((key, index) => {
    const change = BigInt(meta.postBalances[index] ?? 0) - BigInt(meta.preBalances[index] ?? 0);
    lamports.set(key, (lamports.get(key) ?? 0n) + change);
  });
  const gained = lamports.get(wallet) ?? 0n;
  if (gained > 0n && feePayer !== wallet)
    changes.sol = {
      sender: largest(lamports, wallet, -1n) ?? feePayer,
      recipient: wallet,
      amount: gained,
      block,
    };

  const pre = meta.preTokenBalances ?? [];
  const post = meta.postTokenBalances ?? [];
  const moved = new Set([...pre, ...post].map((entry) => entry.mint).filter((mint) => mints.has(mint)));
  for (const mint of moved) {
    const owners = ownerChanges(pre, post, mint);
    const own = owners.get(wallet) ?? 0n;
    if (own === 0n) continue;
    const decimals = [...post, ...pre].find((entry) => entry.mint === mint)?.uiTokenAmount.decimals ?? null;
    const asset = { type: 'spl' as const, mint };
    if (own > 0n)
      changes.tokens.push({
        direction: 'in',
        asset,
        decimals,
        sender: largest(owners, wallet, -1n) ?? feePayer,
        recipient: wallet,
        amount: own,
        block,
      });
    else
      changes.tokens.push({
        direction: 'out',
        asset,
        decimals,
        sender: wallet,
        recipient: largest(owners, wallet, 1n) ?? mint,
        amount: -own,
        block,
        ...(feePayer === wallet ? { fee: BigInt(meta.fee) } : {}),
      });
  }
  return changes;
}
