import { adminApi, adminWebhooksApi } from './admin.ts';
import { analyticsApi } from './analytics.ts';
import { appApi, appServerApi } from './apps.ts';
import { customJwtApi } from './custom-jwt.ts';
import { emailApi } from './email.ts';
import { frameRoutes } from './embedded-wallets.ts';
import { farcasterTelegramApi } from './farcaster.ts';
import { guestApi } from './guest.ts';
import { mfaApi, mfaAuthApi } from './mfa.ts';
import { oauthApi, oauthCallbackApi } from './oauth.ts';
import { passkeyApi } from './passkeys.ts';
import { dashboardPageApi, serviceApi, walletFramePageApi } from './service.ts';
import { sessionApi } from './sessions.ts';
import { siweApi } from './siwe.ts';
import { siwsApi } from './siws.ts';
import { smsApi } from './sms.ts';
import { transferApi } from './transfer.ts';
import { usersApi } from './users-api.ts';

/**
 * Every route the Latchkey server serves under `/api/v1`, by name: the contract the clients call
 * and the server's bodies are checked against. Clients import the feature tables (`emailApi`, …)
 * so that a bundle carries only the routes it calls.
 *
 * @example
 * type Body = RequestOf<typeof api.emailInit>; // { email: string; token?: string }
 */
export const api = {
  ...appApi,
  ...appServerApi,
  ...sessionApi,
  ...analyticsApi,
  ...emailApi,
  ...smsApi,
  ...siweApi,
  ...siwsApi,
  ...guestApi,
  ...customJwtApi,
  ...transferApi,
  ...oauthApi,
  ...oauthCallbackApi,
  ...passkeyApi,
  ...mfaApi,
  ...mfaAuthApi,
  ...frameRoutes,
  ...usersApi,
};

/**
 * WIRE.md §3 routes this server does not serve yet (Farcaster, Telegram): their contract, for the
 * build that adds them. Kept out of `api` until then.
 */
export const plannedApi = {
  ...farcasterTelegramApi,
};

/** Any route of the contract under `/api/v1`. */
export type ApiRoute = (typeof api)[keyof typeof api];

/**
 * Every route the server serves, by name: `api`, and the routes outside `/api/v1` (health and
 * metrics, the wallet frame's pages, the dashboard, the admin API). The server declares each of its
 * routes with one of these (its `route(contractRoute, …)`), and the OpenAPI reference lists them.
 */
export const servedRoutes = {
  ...serviceApi,
  ...walletFramePageApi,
  ...dashboardPageApi,
  ...api,
  ...adminApi,
  ...adminWebhooksApi,
};

export type ServedRoute = (typeof servedRoutes)[keyof typeof servedRoutes];
