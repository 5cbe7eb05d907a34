import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { loadWallet, walletById } from './wallet-store.ts';
import type { ServerWalletRow } from './wallet-view.ts';

/**
 * A check another feature adds in front of every use of a wallet's key (RPC, raw sign, export): it
 * throws an `ApiError` to refuse. It sees the wallet row, or null when the id names none, so a
 * feature that destroys keys (delegated actions: revoke, expiry) can say why a wallet is gone rather
 * than leave it a plain 404. Server wallets know nothing of why; the feature that registers a gate does.
 */
export type SigningGate = (
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  walletId: string,
  wallet: ServerWalletRow | null,
) => Promise<void>;

const gates = new Set<SigningGate>();

/** Adds a gate (a feature's routes do, as the app composes them); adding one twice is a no-op. */
export function useSigningGate(gate: SigningGate): () => void {
  gates.add(gate);
  return () => gates.delete(gate);
}

/**
 * The wallet of `walletId`, once every gate admitted its use; `not_found` when there is none and no
 * gate said otherwise. The one wallet lookup of a signing route.
 */
export async function gatedWallet(
  ctx: Pick<ServerContext, 'db' | 'now'>,
  appId: string,
  walletId: string,
): Promise<ServerWalletRow> {
  if (gates.size === 0) return loadWallet(ctx, appId, walletId);
  const [row] = await walletById(ctx.db, { id: walletId, appId });
  for (const gate of gates) await gate(ctx, appId, walletId, row ?? null);
  if (!row) throw new ApiError('not_found', 'Wallet not found.');
  return row;
}
