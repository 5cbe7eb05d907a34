import type { DelegationReason, FrameDelegatedWallet, FrameDelegationRoot } from '@latchkey/protocol';
import { type EmbeddedWalletsContext, frameCall } from './context.ts';
import { frameAuth } from './frameAuth.ts';

/** What the frame needs to delegate: the secret's root and the wallets (spec document 2 §4). */
export interface DelegateWalletsRequest {
  rootWallet: FrameDelegationRoot;
  delegatedWallets: FrameDelegatedWallet[];
  /** 'migration' for the background migration (no consent screen); default 'consent'. */
  reason?: DelegationReason | undefined;
}

/**
 * `privy:delegated-actions:consent`: the frame seals the delegated wallets' keys to the server. The
 * root must be on this device (its shares rebuild the keys): the frame answers `wallet_not_on_device`
 * otherwise. The server may gate the share release behind MFA, like an export.
 */
export async function delegateWallets(ctx: EmbeddedWalletsContext, request: DelegateWalletsRequest) {
  await frameCall(ctx, 'privy:delegated-actions:consent', {
    ...(await frameAuth(ctx)),
    rootWallet: request.rootWallet,
    delegatedWallets: request.delegatedWallets,
    ...(request.reason ? { reason: request.reason } : {}),
  });
}

/**
 * `privy:user-signer:sign`: the user's signature (base64 DER) over `message`, base64 of a canonical
 * authorization payload (WIRE.md §7.4). The frame signs only changes of a wallet's session signers.
 */
export async function signWithUserSigner(ctx: EmbeddedWalletsContext, message: string): Promise<string> {
  const { signature } = await frameCall(ctx, 'privy:user-signer:sign', {
    ...(await frameAuth(ctx)),
    message,
  });
  return signature;
}
