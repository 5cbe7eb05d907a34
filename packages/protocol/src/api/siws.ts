import type { LoginMode } from '../login-methods.ts';
import type { SiwsMessageType } from '../wallets.ts';
import type { LoginTypes, UserChangeTypes, WalletNonceResponse } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { WalletClientFields, WalletInitRequest, WalletUnlinkRequest } from './wallet-login.ts';

export interface SiwsLinkRequest extends WalletClientFields {
  message: string;
  /** Standard padded base64 of the ed25519 signature. */
  signature: string;
  message_type?: SiwsMessageType;
}

export interface SiwsAuthenticateRequest extends SiwsLinkRequest {
  mode?: LoginMode;
}

const siwsTable = {
  siwsInit: { method: 'POST', path: '/api/v1/siws/init' },
  siwsAuthenticate: { method: 'POST', path: '/api/v1/siws/authenticate' },
  siwsLink: { method: 'POST', path: '/api/v1/siws/link' },
  siwsUnlink: { method: 'POST', path: '/api/v1/siws/unlink' },
} as const;

/** Sign-In with Solana (WIRE.md §3.3). */
export const siwsApi: TypedRoutes<
  typeof siwsTable,
  {
    siwsInit: { request: WalletInitRequest; response: WalletNonceResponse };
    siwsAuthenticate: LoginTypes<SiwsAuthenticateRequest>;
    siwsLink: UserChangeTypes<SiwsLinkRequest>;
    siwsUnlink: UserChangeTypes<WalletUnlinkRequest>;
  }
> = siwsTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const siwsReference: ReferenceArea = {
  name: 'Sign in with Solana',
  description: 'Solana wallet login and linking (WIRE.md §3.4).',
  tables: [[siwsApi, 'user', { siwsInit: 'app', siwsAuthenticate: 'app' }]],
};
