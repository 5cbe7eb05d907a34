import type { AppResponse } from '@latchkey/protocol';
import { embeddedEntropy, embeddedWallets } from '../embedded/accounts.ts';
import { type LatchkeyStorage, storageKeys } from '../storage.ts';
import type { DelegationContext } from './context.ts';
import { delegateWallet } from './delegated-actions.ts';

/** The attempts made on this page, by app, user and wallet: each runs once (spec document 2 §4). */
const attempted = new Set<string>();

/**
 * Where migrations are remembered beyond this page (the client's storage): a wallet the user revoked
 * since is not delegated again at the next visit.
 */
export interface MigrationLedger {
  has(key: string): Promise<boolean>;
  add(key: string): Promise<void>;
}

/** The ledger in the client's storage, one line per attempt. */
export function storageLedger(storage: LatchkeyStorage, appId: string): MigrationLedger {
  const name = storageKeys.delegationMigrations(appId);
  const read = async () => ((await storage.get(name)) ?? '').split('\n').filter(Boolean);
  return {
    has: async (key) => (await read()).includes(key),
    add: async (key) => storage.put(name, [...(await read()), key].join('\n')),
  };
}

/**
 * The background migration of spec document 2 §4: in an app whose embedded wallets are
 * user-controlled server wallets (`embedded_wallet_config.mode`), the user's root wallet (their
 * entropy's first wallet, else their imported one) is delegated without a screen, reason
 * 'migration', and the user refreshed. Skipped in the default legacy mode, without an embedded
 * wallet, for a wallet already delegated, and after one attempt for the same user and wallet (on this
 * page, and in `ledger` across visits).
 * Failures are silent: the user can still consent later.
 */
export async function migrateRootWallet(
  ctx: DelegationContext,
  app: AppResponse | null,
  ledger: MigrationLedger | null = null,
  /** This page's attempts (a test's new page passes its own). */
  page: Set<string> = attempted,
): Promise<boolean> {
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
  if (page.has(key)) return false;
  page.add(key);
  try {
    if (await ledger?.has(key)) return false;
    await delegateWallet(ctx, { address: root.address, chainType: root.chainType }, { reason: 'migration' });
    // Kept once it worked: a failed attempt (the wallet not on this device) may succeed next visit.
    await ledger?.add(key);
    return true;
  } catch {
    return false;
  }
}
