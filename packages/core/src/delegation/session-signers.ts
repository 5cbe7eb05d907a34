import {
  type AdditionalSigner,
  authorizationPayload,
  headers,
  serverWalletsApi,
  type User,
} from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { DelegationContext } from './context.ts';
import { delegateWallet } from './delegated-actions.ts';
import { delegatedWalletId, delegationTarget } from './targets.ts';

/** A session signer: a key quorum of the app, optionally with a policy of the app applied instead. */
export interface SessionSigner {
  signerId: string;
  policyIds?: string[] | undefined;
}

function checkSigners(signers: unknown): AdditionalSigner[] {
  if (!Array.isArray(signers))
    throw new LatchkeyClientError('invalid_input', 'signers must be an array of {signerId, policyIds?}');
  return signers.map((signer: Partial<SessionSigner> | null) => {
    if (typeof signer?.signerId !== 'string' || signer.signerId === '')
      throw new LatchkeyClientError('invalid_input', 'Each signer needs a signerId');
    const policies = signer.policyIds;
    if (policies !== undefined && !(Array.isArray(policies) && policies.every((p) => typeof p === 'string')))
      throw new LatchkeyClientError('invalid_input', 'policyIds must be an array of policy ids');
    return { signer_id: signer.signerId, ...(policies?.length ? { override_policy_ids: policies } : {}) };
  });
}

/**
 * The wallet's server id, once the server holds its key: delegated first (headless: the frame seals
 * it without a screen), then read from the refreshed user.
 */
async function delegatedId(ctx: DelegationContext, address: string, chainType: string) {
  const { wallet } = delegationTarget(ctx.user(), address, chainType);
  const user = wallet.delegated
    ? ctx.user()
    : await delegateWallet(ctx, { address, chainType: wallet.chainType });
  const id = delegatedWalletId(user, wallet);
  if (!id)
    throw new LatchkeyClientError(
      'embedded_wallet_request_error',
      'The delegated wallet has no server wallet id yet',
    );
  return id;
}

/**
 * `PATCH /api/v1/wallets/:id` of `additional_signers`, signed by the user through the frame (its
 * session key; WIRE.md §7.4, no `privy-request-expiry` on a PATCH).
 */
async function setSigners(ctx: DelegationContext, walletId: string, signers: AdditionalSigner[]) {
  const body = { additional_signers: signers };
  const url = `${ctx.http.apiUrl}${serverWalletsApi.walletUpdate.path.replace(':wallet_id', walletId)}`;
  const payload = authorizationPayload({
    method: 'PATCH',
    url,
    body,
    headers: { [headers.appId]: ctx.appId },
  });
  const signature = await (await ctx.frame()).signWithUserSigner(toBase64(payload));
  await ctx.http.call(serverWalletsApi.walletUpdate, body, {
    params: { wallet_id: walletId },
    headers: { [headers.authorizationSignature]: signature },
  });
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * Adds session signers to the embedded wallet at `address`: the wallet is delegated first if it is
 * not yet, then each signer (a key quorum of the app) may sign for it on the server, within its
 * policy. Signers it already has stay; one named again takes the new policies. Resolves with the
 * refreshed user.
 *
 * @example
 * await addSessionSigners(ctx, { address, chainType: 'ethereum', signers: [{ signerId: quorumId }] });
 */
export async function addSessionSigners(
  ctx: DelegationContext,
  parameters: { address: string; chainType?: string | undefined; signers: SessionSigner[] },
): Promise<User | null> {
  const added = checkSigners(parameters?.signers);
  const chainType = parameters.chainType ?? chainOf(parameters.address);
  const walletId = await delegatedId(ctx, parameters.address, chainType);
  if (added.length === 0) return ctx.user();
  const current = await ctx.http.call(serverWalletsApi.walletGet, undefined, {
    params: { wallet_id: walletId },
  });
  const ids = new Set(added.map((s) => s.signer_id));
  await setSigners(ctx, walletId, [
    ...current.additional_signers.filter((s) => !ids.has(s.signer_id)),
    ...added,
  ]);
  return ctx.refresh();
}

/**
 * Removes every session signer of the embedded wallet at `address` (`additional_signers: []`). A
 * wallet that is not delegated has none: resolves with the user as is.
 */
export async function removeSessionSigners(
  ctx: DelegationContext,
  parameters: { address: string; chainType?: string | undefined },
): Promise<User | null> {
  const chainType = parameters?.chainType ?? chainOf(parameters?.address);
  const { wallet } = delegationTarget(ctx.user(), parameters?.address as string, chainType);
  const walletId = wallet.delegated ? delegatedWalletId(ctx.user(), wallet) : null;
  if (!walletId) return ctx.user();
  await setSigners(ctx, walletId, []);
  return ctx.refresh();
}

/** Session-signer calls name a wallet by address only: its chain is read from it (0x… is Ethereum). */
function chainOf(address: unknown): string {
  return typeof address === 'string' && /^0x[0-9a-fA-F]{40}$/.test(address) ? 'ethereum' : 'solana';
}
