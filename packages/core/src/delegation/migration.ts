import type { AppResponse } from '@latchkey/protocol';
import { embeddedEntropy, embeddedWallets } from '../embedded/accounts.ts';
import type { DelegationContext } from './context.ts';
import { delegateWallet } from './delegated-actions.ts';

/** The attempts made on this page, by app, user and wallet: each runs once (spec document 2 §4). */
const attempted = new Set<string>();

/**
 * The background migration of spec document 2 §4: in an app whose embedded wallets are
 * user-controlled server wallets (`embedded_wallet_config.mode`), the user's root wallet (their
 * entropy's first wallet, else their imported one) is delegated without a screen, reason
 * 'migration', and the user refreshed. Skipped in the default legacy mode, without an embedded
 * wallet, for a wallet already delegated, and after one attempt for the same user and wallet.
 * Failures are silent: the user can still consent later.
 */
export async function migrateRootWallet(ctx: DelegationContext, app: AppResponse | null): Promise<boolean> {
  if (app?.embedded_wallet_config?.mode !== 'user-controlled-server-wallets-only') return false;
  const user = ctx.user();
  if (!user) return false;
  const wallets = embeddedWallets(user);
  const entropy = embeddedEntropy(user);
  const root = entropy
    ? wallets.find((w) => !w.imported && w.address === entropy.entropyId)
    : wallets.find((w) => w.imported);
  if (!root || root.delegated) return false;
  const key = `${ctx.appId}:${user.id}:${root.chainType}:${root.address}`;
  if (attempted.has(key)) return false;
  attempted.add(key);
  try {
    await delegateWallet(ctx, { address: root.address, chainType: root.chainType }, { reason: 'migration' });
    return true;
  } catch {
    return false;
  }
}
