import type { UpdateServerWalletRequest } from '@latchkey/protocol';
import type { Context } from 'hono';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import type { AppEnv } from '../http/env.ts';
import { loadWallet } from './wallet-store.ts';
import type { ServerWalletRow } from './wallet-view.ts';

/**
 * The user as a caller of the `server-or-user` wallet routes (feature.ts): session signers (spec
 * document 2 §7, REFERENCES §8.3) are the user adding signers to a wallet they own from their own
 * app, with their own authorization key. The app's backend sees every wallet of the app; the user
 * only those they own (`owner: {user_id}`), and changes only who else may sign and the name.
 */

/** What a user's PATCH may change: the rest (owner, policies, external id) is the app's to set. */
const userFields: ReadonlySet<string> = new Set(['additional_signers', 'display_name']);

/** The wallet of the path, if the caller may see it: another user's (or the app's own) is not found. */
export async function callerWallet(
  ctx: Pick<ServerContext, 'db'>,
  c: Context<AppEnv>,
): Promise<ServerWalletRow> {
  const wallet = await loadWallet(ctx, c.get('app').id, c.req.param('wallet_id') ?? '');
  if (c.get('serverCaller')) return wallet;
  // As absent as one never made: a wallet id tells another user nothing.
  if (wallet.owner_user_id !== c.get('auth').userId) throw new ApiError('not_found', 'Wallet not found.');
  return wallet;
}

/** Refuses a user's change of anything but its signers and name (the app's backend may change all). */
export function checkCallerUpdate(c: Context<AppEnv>, body: UpdateServerWalletRequest): void {
  if (c.get('serverCaller')) return;
  const refused = Object.keys(body).filter((field) => !userFields.has(field));
  if (refused.length > 0)
    throw new ApiError(
      'invalid_data',
      `A user may change only additional_signers and display_name of their wallet, not ${refused.join(', ')}.`,
    );
}
