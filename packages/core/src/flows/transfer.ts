import { type ChainType, type Route, transferApi, type User } from '@latchkey/protocol';
import { LatchkeyApiError, LatchkeyClientError } from '../errors.ts';
import { normaliseEmail, normalisePhoneNumber } from '../validation.ts';
import { assertLoggedIn, completeAccountChange, type FlowContext } from './context.ts';

/** The account being moved over: the one the user just proved they control. */
export type TransferAccount =
  | { type: 'email'; address: string }
  | { type: 'phone'; phoneNumber: string }
  | {
      type: 'wallet';
      chainType: ChainType;
      address: string;
      /** `eip155:N` (Ethereum only). */
      chainId?: string | null | undefined;
      walletClientType?: string | undefined;
      connectorType?: string | undefined;
    }
  /** A social account: `provider` is one of the ten or `custom:{name}`; `subject` its id there. */
  | { type: 'oauth'; provider: string; subject: string }
  /**
   * An account of a method that names its own transfer route (`telegram/transfer`): the nonce goes
   * in its body beside what proved the account. Methods added later need no case here.
   */
  | { type: 'route'; route: TransferRoute; body: Record<string, unknown> }
  /** Types that can never be transferred: refused with 'Invalid transfer account type'. */
  | { type: 'custom_auth' | 'guest' | 'passkey' };

/** A transfer route of the contract: it takes the refusal's nonce and answers with the user. */
export type TransferRoute = Route<'POST', string, { request: { nonce: string }; response: User }>;

/** What an `account_transfer_required` refusal carries (WIRE.md §2). */
export interface AccountTransferRequired {
  nonce: string;
  /** How the account reads to users: the email address, phone number or wallet address. */
  displayName: string;
  subject: string;
  /** The other user's embedded wallet: its assets go with that user (spec 'Check account assets before transferring'). */
  embeddedWalletAddress: string | null;
}

const str = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/**
 * Reads an `account_transfer_required` refusal; null for any other error (or a malformed body).
 *
 * @example
 * try { await client.email.linkWithCode({ email, code }) }
 * catch (error) { const transfer = accountTransferRequired(error); if (transfer) showTransferScreen(transfer) }
 */
export function accountTransferRequired(error: unknown): AccountTransferRequired | null {
  if (!(error instanceof LatchkeyApiError) || error.code !== 'account_transfer_required') return null;
  const data = (error.data ?? {}) as Record<string, unknown>;
  const nonce = str(data.nonce);
  if (!nonce) return null;
  const account = (data.account ?? {}) as Record<string, unknown>;
  const otherUser = (data.otherUser ?? {}) as Record<string, unknown>;
  const subject = str(data.subject) ?? '';
  return {
    nonce,
    displayName: str(account.displayName) ?? subject,
    subject,
    embeddedWalletAddress: str(otherUser.embeddedWalletAddress),
  };
}

/** The transfer route of the account's type, with its body. */
function sendTransfer(ctx: FlowContext, account: TransferAccount, nonce: string): Promise<User> {
  switch (account.type) {
    case 'email':
      return ctx.http.call(transferApi.emailTransfer, { email: normaliseEmail(account.address), nonce });
    case 'phone':
      return ctx.http.call(transferApi.smsTransfer, {
        phoneNumber: normalisePhoneNumber(account.phoneNumber),
        nonce,
      });
    case 'wallet': {
      if (!account.walletClientType || !account.connectorType)
        throw new LatchkeyClientError('invalid_input', 'Wallet parameters must be defined');
      const wallet = {
        address: account.address,
        nonce,
        walletClientType: account.walletClientType,
        connectorType: account.connectorType,
      };
      return account.chainType === 'ethereum'
        ? ctx.http.call(transferApi.siweTransfer, { ...wallet, chainId: account.chainId ?? undefined })
        : ctx.http.call(transferApi.siwsTransfer, wallet);
    }
    case 'oauth':
      // The server takes the account the nonce was issued for; the subject names which.
      return ctx.http.call(transferApi.oauthTransfer, { nonce, userInfo: { subject: account.subject } });
    case 'route':
      return ctx.http.call(account.route, { ...account.body, nonce });
    default:
      throw new LatchkeyClientError('invalid_input', 'Invalid transfer account type');
  }
}

/**
 * Moves an account the user proved they control from the other user who holds it, with the nonce
 * of the `account_transfer_required` refusal. The server deletes that other user.
 *
 * @example
 * const user = await transferAccount(ctx, { account: { type: 'email', address }, nonce: transfer.nonce });
 */
export async function transferAccount(
  ctx: FlowContext,
  params: { account: TransferAccount; nonce: string },
): Promise<User> {
  assertLoggedIn(ctx);
  return completeAccountChange(ctx, await sendTransfer(ctx, params.account, params.nonce));
}
