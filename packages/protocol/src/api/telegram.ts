import type { LoginMode } from '../login-methods.ts';
import type { LoginTypes, UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/*
 * Telegram login (WIRE.md §3.6): the login widget's result, or a Mini App's signed launch
 * parameters (`initData`), proves a Telegram account.
 */

/** What the Telegram login widget hands the page (or its redirect puts in the query). */
export interface TelegramAuthResult {
  id: number;
  auth_date: number;
  first_name: string;
  hash?: string;
  last_name?: string;
  photo_url?: string;
  username?: string;
}

/**
 * What a Telegram Mini App is started with (`Telegram.WebApp.initData`), parsed into an object with
 * each value decoded once; `user` is a JSON string.
 */
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

export interface TelegramAuthenticateRequest extends TelegramLinkRequest {
  mode?: LoginMode;
}

export interface TelegramTransferRequest {
  nonce: string;
  telegram_auth_result?: TelegramAuthResult;
  telegram_web_app_data?: TelegramWebAppData;
}

const telegramTable = {
  telegramAuthenticate: { method: 'POST', path: '/api/v1/telegram/authenticate' },
  telegramLink: { method: 'POST', path: '/api/v1/telegram/link' },
  telegramUnlink: { method: 'POST', path: '/api/v1/telegram/unlink' },
  telegramTransfer: { method: 'POST', path: '/api/v1/telegram/transfer' },
  /**
   * Latchkey's own: sends the browser to Telegram's login page for the app's bot, which comes back
   * to `return_to` (an origin the app allows) with the widget's result in the query.
   */
  telegramLoginRedirect: { method: 'GET', path: '/api/v1/apps/:app_id/telegram/login' },
} as const;

export const telegramApi: TypedRoutes<
  typeof telegramTable,
  {
    telegramAuthenticate: LoginTypes<TelegramAuthenticateRequest>;
    telegramLink: UserChangeTypes<TelegramLinkRequest>;
    telegramUnlink: UserChangeTypes<{ telegram_user_id: string }>;
    telegramTransfer: UserChangeTypes<TelegramTransferRequest>;
    /** A 302 to Telegram's login page; query `return_to`. */
    telegramLoginRedirect: { request: undefined; response: undefined };
  }
> = telegramTable;

const telegramScriptTable = {
  /** Telegram's login widget script protocol, served from the API origin (react loads it there). */
  telegramLoginScript: { method: 'GET', path: '/js/telegram-login.js' },
} as const;

export const telegramScriptApi: TypedRoutes<
  typeof telegramScriptTable,
  { telegramLoginScript: { request: undefined; response: string } }
> = telegramScriptTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const telegramReference: ReferenceArea = {
  name: 'Telegram',
  description: "Login and linking with Telegram's login widget or a Mini App's launch data (WIRE.md §3.6).",
  tables: [
    [telegramApi, 'user', { telegramAuthenticate: 'app', telegramLoginRedirect: 'public' }],
    [telegramScriptApi, 'public'],
  ],
  summaries: {
    telegramLoginRedirect: "Send the browser to Telegram's login page for the app's bot",
    telegramLoginScript: "Telegram's login widget script (Telegram.Login.auth)",
  },
};
