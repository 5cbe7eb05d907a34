import type { LoginMode } from '../login-methods.ts';
import type { LoginTypes, UserChangeTypes } from './common.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Farcaster login (WIRE.md §3.6), not served by this server yet. `/farcaster/status`
 * reads the channel from the `farcaster-channel-token` header (headers.ts).
 */

export interface FarcasterLinkRequest {
  channel_token: string;
  message: string;
  signature: string;
  fid: number;
}

export type FarcasterStatus =
  | { state: 'pending'; nonce: string }
  | {
      state: 'completed';
      nonce: string;
      message: string;
      signature: string;
      fid: number;
      username: string;
      display_name: string;
      bio: string;
      pfp_url: string;
    };

const farcasterTable = {
  farcasterInit: { method: 'POST', path: '/api/v1/farcaster/init' },
  farcasterStatus: { method: 'GET', path: '/api/v1/farcaster/status' },
  farcasterAuthenticate: { method: 'POST', path: '/api/v1/farcaster/authenticate' },
  farcasterLink: { method: 'POST', path: '/api/v1/farcaster/link' },
  farcasterUnlink: { method: 'POST', path: '/api/v1/farcaster/unlink' },
  farcasterTransfer: { method: 'POST', path: '/api/v1/farcaster/transfer' },
} as const;

export const farcasterApi: TypedRoutes<
  typeof farcasterTable,
  {
    farcasterInit: {
      request: { token?: string; redirect_url?: string; relying_party?: string };
      response: { channel_token: string; connect_uri: string };
    };
    farcasterStatus: { request: undefined; response: FarcasterStatus };
    farcasterAuthenticate: LoginTypes<FarcasterLinkRequest & { mode?: LoginMode }>;
    farcasterLink: UserChangeTypes<FarcasterLinkRequest>;
    farcasterUnlink: UserChangeTypes<{ fid: number }>;
    farcasterTransfer: UserChangeTypes<{
      farcaster_id: number;
      farcaster_embedded_address: string;
      nonce: string;
    }>;
  }
> = farcasterTable;
