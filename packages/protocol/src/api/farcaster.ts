import type { LoginMode } from '../login-methods.ts';
import type { LoginTypes, UserChangeTypes } from './common.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Farcaster and Telegram logins (WIRE.md §3.6), not served by this server yet. `/farcaster/status`
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

/** What the Telegram login widget hands the page. */
export interface TelegramAuthResult {
  id: number;
  auth_date: number;
  first_name: string;
  hash?: string;
  last_name?: string;
  photo_url?: string;
  username?: string;
}

/** What a Telegram Mini App is started with; `user` is a JSON string. */
export interface TelegramWebAppData {
  auth_date: number;
  hash: string;
  user: string;
  chat_instance?: string;
  chat_type?: string;
  query_id?: string;
  signature?: string;
  start_param?: string;
}

export interface TelegramLinkRequest {
  telegram_auth_result?: TelegramAuthResult;
  telegram_web_app_data?: TelegramWebAppData;
  captcha_token?: string;
}

const socialTable = {
  farcasterInit: { method: 'POST', path: '/api/v1/farcaster/init' },
  farcasterStatus: { method: 'GET', path: '/api/v1/farcaster/status' },
  farcasterAuthenticate: { method: 'POST', path: '/api/v1/farcaster/authenticate' },
  farcasterLink: { method: 'POST', path: '/api/v1/farcaster/link' },
  farcasterUnlink: { method: 'POST', path: '/api/v1/farcaster/unlink' },
  farcasterTransfer: { method: 'POST', path: '/api/v1/farcaster/transfer' },
  telegramAuthenticate: { method: 'POST', path: '/api/v1/telegram/authenticate' },
  telegramLink: { method: 'POST', path: '/api/v1/telegram/link' },
  telegramUnlink: { method: 'POST', path: '/api/v1/telegram/unlink' },
  telegramTransfer: { method: 'POST', path: '/api/v1/telegram/transfer' },
} as const;

export const farcasterTelegramApi: TypedRoutes<
  typeof socialTable,
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
    telegramAuthenticate: LoginTypes<TelegramLinkRequest & { mode?: LoginMode }>;
    telegramLink: UserChangeTypes<TelegramLinkRequest>;
    telegramUnlink: UserChangeTypes<{ telegram_user_id: string }>;
    telegramTransfer: UserChangeTypes<{
      nonce: string;
      telegram_auth_result?: TelegramAuthResult;
      telegram_web_app_data?: TelegramWebAppData;
    }>;
  }
> = socialTable;
