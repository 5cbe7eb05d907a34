import type { UserChangeTypes } from './common.ts';
import type { OAuthTransferRequest } from './oauth.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { WalletTransferRequest } from './wallet-login.ts';

/*
 * Account transfer (WIRE.md §2, `account_transfer_required`): the logged-in user takes over an
 * account they just proved they control from the other user who holds it, with the refusal's
 * `nonce`. One table for every kind, since the client calls them from one flow (and a page
 * then carries no wallet-login route to offer it).
 */

/** `nonce` comes from the `account_transfer_required` refusal (WIRE.md §2). */
export interface EmailTransferRequest {
  email: string;
  nonce: string;
}

export interface SmsTransferRequest {
  phoneNumber: string;
  nonce: string;
}

export interface SiweTransferRequest extends WalletTransferRequest {
  chainId?: string;
}

const transferTable = {
  emailTransfer: { method: 'POST', path: '/api/v1/passwordless/transfer' },
  smsTransfer: { method: 'POST', path: '/api/v1/passwordless_sms/transfer' },
  siweTransfer: { method: 'POST', path: '/api/v1/siwe/transfer' },
  siwsTransfer: { method: 'POST', path: '/api/v1/siws/transfer' },
  oauthTransfer: { method: 'POST', path: '/api/v1/oauth/transfer' },
} as const;

export const transferApi: TypedRoutes<
  typeof transferTable,
  {
    emailTransfer: UserChangeTypes<EmailTransferRequest>;
    smsTransfer: UserChangeTypes<SmsTransferRequest>;
    siweTransfer: UserChangeTypes<SiweTransferRequest>;
    siwsTransfer: UserChangeTypes<WalletTransferRequest>;
    oauthTransfer: UserChangeTypes<OAuthTransferRequest>;
  }
> = transferTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const transferReference: ReferenceArea = {
  name: 'Account transfer',
  description: 'Moving an account linked to another user.',
  tables: [[transferApi, 'user']],
};
