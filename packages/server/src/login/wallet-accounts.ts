import type { LoginMode } from '@latchkey/protocol';
import { smartWalletTypes } from '@latchkey/protocol';
import { z } from 'zod';
import type { TypeLimit } from '../accounts/account-limits.ts';
import { isEmbeddedWallet, type VerifiedIdentity } from '../accounts/account-record.ts';
import { loadUser, type UserRecord } from '../accounts/user-record.ts';
import type { AppRecord } from '../app-config/app-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString } from '../http/body.ts';
import type { WalletAddress } from '../wallets/addresses.ts';
import { linkIdentity, unlinkAccount } from './link.ts';

/** `walletClientType` / `connectorType`: free labels from the client, may be null. */
export const clientLabel = boundedString(100).nullable().optional();

/** The `wallet` identity a verified sign-in proves (WIRE.md §4.2 external wallet fields). */
export function walletIdentity(
  address: WalletAddress,
  extra: { chainId: string | null; walletClientType?: string | null; connectorType?: string | null },
): VerifiedIdentity {
  return {
    type: 'wallet',
    identifier: address.identifier,
    details: {
      address: address.display,
      chain_type: address.chainType,
      chain_id: extra.chainId,
      wallet_client: 'unknown',
      wallet_client_type: extra.walletClientType ?? null,
      connector_type: extra.connectorType ?? null,
    },
  };
}

/**
 * The login mode of a wallet sign-in: an app with `external_wallets_for_signup_enabled` off lets
 * known wallets log in but signs nobody up with one.
 */
export function walletLoginMode(app: AppRecord, requested: LoginMode | undefined): LoginMode | undefined {
  return app.config.external_wallets_for_signup_enabled ? requested : 'no-signup';
}

/** Wallets per user: several, up to the app's `max_linked_wallets_per_user` when set. */
export function walletLimit(app: AppRecord): TypeLimit {
  return { maxOfType: app.config.max_linked_wallets_per_user ?? null };
}

/**
 * Links a wallet a sign-in message proved. One another user owns can be transferred
 * (`account_transfer_required`), unless it is their embedded wallet: that stays with the user
 * whose frame holds its shares (`linked_to_another_user`).
 */
export async function linkWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  identity: VerifiedIdentity,
) {
  const stored = await ctx.db
    .selectFrom('linked_accounts')
    .select('details')
    .where('app_id', '=', app.id)
    .where('type', '=', 'wallet')
    .where('identifier', '=', identity.identifier)
    .executeTakeFirst();
  const embedded =
    stored !== undefined && isEmbeddedWallet({ type: 'wallet', details: JSON.parse(stored.details) });
  return linkIdentity(ctx, app, userId, identity, { ...walletLimit(app), transferable: !embedded });
}

/** Unlinks an external wallet; embedded ones (`wallet_client_type: 'privy'`) cannot be. */
export async function unlinkWallet(
  ctx: ServerContext,
  app: AppRecord,
  userId: string,
  address: WalletAddress,
): Promise<UserRecord> {
  const user = await loadUser(ctx.db, app.id, userId);
  const account = user?.accounts.find((a) => a.type === 'wallet' && a.identifier === address.identifier);
  if (account && isEmbeddedWallet(account)) throw new ApiError('cannot_unlink_embedded_wallet');
  return unlinkAccount(ctx, app, userId, 'wallet', address.identifier);
}

/** `smart_wallet_type` values (WIRE.md §4.2). */
export const smartWalletType = z.enum(smartWalletTypes);
