import { type DelegationReason, delegatedActionsApi, type User } from '@latchkey/protocol';
import type { EmbeddedChainType } from '../embedded/accounts.ts';
import { LatchkeyClientError } from '../errors.ts';
import { type DelegationContext, delegationProxyWaitMs } from './context.ts';
import { assertRevocable, delegationTarget } from './targets.ts';

export interface DelegateWalletParameters {
  address: string;
  chainType: EmbeddedChainType;
}

/** Waits for the frame's handshake, at most the spec's 15 s (spec document 2 §9). */
async function readyFrame(ctx: DelegationContext) {
  const frame = await ctx.frame();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () =>
        reject(new LatchkeyClientError('embedded_wallet_webview_not_loaded', 'Wallet proxy not initialized')),
      delegationProxyWaitMs,
    );
  });
  try {
    await Promise.race([frame.ready(), timeout]);
  } finally {
    clearTimeout(timer);
  }
  return frame;
}

/**
 * Delegates the embedded wallet at `address` (spec document 2 §4): the frame seals its private key
 * to the server, which then signs for it on the app's authorization until the user revokes it (or
 * `expires_at`). A wallet already delegated returns at once. Resolves with the refreshed user, whose
 * wallet account shows `delegated: true`.
 *
 * @example
 * const user = await delegateWallet(ctx, { address: wallet.address, chainType: 'ethereum' });
 */
export async function delegateWallet(
  ctx: DelegationContext,
  parameters: DelegateWalletParameters,
  options: { reason?: DelegationReason } = {},
): Promise<User | null> {
  const { address, chainType } = (parameters ?? {}) as Partial<DelegateWalletParameters>;
  const { wallet, root } = delegationTarget(ctx.user(), address as string, chainType as string);
  if (wallet.delegated) return ctx.user();
  const frame = await readyFrame(ctx);
  await (ctx.onDevice ?? connectRoot)(root, frame);
  await frame.delegate({
    rootWallet: root,
    delegatedWallets: [
      { address: wallet.address, chainType: wallet.chainType, walletIndex: wallet.walletIndex },
    ],
    ...(options.reason ? { reason: options.reason } : {}),
  });
  return ctx.refresh();
}

/** The default `onDevice`: the HD wallets, or that imported wallet, connected (recovered if 'privy'). */
const connectRoot: NonNullable<DelegationContext['onDevice']> = async (root, frame) => {
  await frame.connect(root.imported ? { address: root.address } : {});
};

/**
 * Revokes every delegated wallet of the user (`POST /api/v1/wallets/revoke`): the server destroys its
 * copies of their keys. Resolves with the refreshed user.
 *
 * @example
 * await revokeWallets(ctx);
 */
export async function revokeWallets(ctx: DelegationContext): Promise<User | null> {
  assertRevocable(ctx.user());
  await ctx.http.call(delegatedActionsApi.walletsRevoke, {});
  return ctx.refresh();
}
