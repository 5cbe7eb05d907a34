import type { LoginMode } from '../login-methods.ts';
import type { SmartWalletType } from '../wallets.ts';
import type { LoginTypes, UserChangeTypes, WalletNonceResponse } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';
import type { WalletClientFields, WalletInitRequest, WalletUnlinkRequest } from './wallet-login.ts';

/** The signed EIP-4361 message (sign-in-message.ts builds it). */
export interface SiweLinkRequest extends WalletClientFields {
  message: string;
  signature: string;
  /** The wallet's chain as CAIP-2, `eip155:1`. */
  chainId?: string;
}

export interface SiweAuthenticateRequest extends SiweLinkRequest {
  mode?: LoginMode;
}

/** A smart wallet's SIWE (EIP-1271, or EIP-6492 before deployment). */
export interface SiweLinkSmartWalletRequest {
  message: string;
  signature: string;
  smart_wallet_type: SmartWalletType;
  smart_wallet_version?: string | null;
}

const siweTable = {
  siweInit: { method: 'POST', path: '/api/v1/siwe/init' },
  siweAuthenticate: { method: 'POST', path: '/api/v1/siwe/authenticate' },
  siweLink: { method: 'POST', path: '/api/v1/siwe/link' },
  siweLinkSmartWallet: { method: 'POST', path: '/api/v1/siwe/link_smart_wallet' },
  siweUnlink: { method: 'POST', path: '/api/v1/siwe/unlink' },
} as const;

/** Sign-In with Ethereum (WIRE.md §3.3). */
export const siweApi: TypedRoutes<
  typeof siweTable,
  {
    siweInit: { request: WalletInitRequest; response: WalletNonceResponse };
    siweAuthenticate: LoginTypes<SiweAuthenticateRequest>;
    siweLink: UserChangeTypes<SiweLinkRequest>;
    siweLinkSmartWallet: UserChangeTypes<SiweLinkSmartWalletRequest>;
    siweUnlink: UserChangeTypes<WalletUnlinkRequest>;
  }
> = siweTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const siweReference: ReferenceArea = {
  name: 'Sign in with Ethereum',
  description: 'EVM wallet login and linking (WIRE.md §3.4).',
  tables: [[siweApi, 'user', { siweInit: 'app', siweAuthenticate: 'app' }]],
};
