import { adminApi, adminReference, adminWebhooksApi, adminWebhooksReference } from './admin.ts';
import { adminServerWalletsApi, adminServerWalletsReference } from './admin-server-wallets.ts';
import { analyticsApi, analyticsReference } from './analytics.ts';
import { appApi, appReference, appServerApi, appServerReference } from './apps.ts';
import { customJwtApi, customJwtReference } from './custom-jwt.ts';
import {
  delegatedActionsApi,
  delegatedActionsReference,
  delegationFrameRoutes,
} from './delegated-actions.ts';
import { emailApi, emailReference } from './email.ts';
import { frameReference, frameRoutes } from './embedded-wallets.ts';
import {
  farcasterAdminApi,
  farcasterApi,
  farcasterReference,
  farcasterRelayApi,
  farcasterSignerApi,
  farcasterV2Api,
} from './farcaster.ts';
import { fundingApi, fundingReference } from './funding.ts';
import { guestApi, guestReference } from './guest.ts';
import { mfaApi, mfaAuthApi, mfaReference } from './mfa.ts';
import { oauthApi, oauthCallbackApi, oauthReference } from './oauth.ts';
import { passkeyApi, passkeyReference } from './passkeys.ts';
import type { ReferenceArea } from './reference.ts';
import { serverWalletKeysApi, serverWalletKeysReference } from './server-wallet-keys.ts';
import { serverWalletPoliciesApi, serverWalletPoliciesReference } from './server-wallet-policy-routes.ts';
import {
  serverWalletTransactionsApi,
  serverWalletTransactionsReference,
} from './server-wallet-transactions.ts';
import { serverWalletsApi, serverWalletsReference } from './server-wallets.ts';
import {
  dashboardPageApi,
  dashboardPageReference,
  serviceApi,
  serviceReference,
  walletFramePageApi,
  walletFramePageReference,
} from './service.ts';
import { sessionApi, sessionReference } from './sessions.ts';
import { siweApi, siweReference } from './siwe.ts';
import { siwsApi, siwsReference } from './siws.ts';
import { smsApi, smsReference } from './sms.ts';
import { telegramApi, telegramReference, telegramScriptApi } from './telegram.ts';
import { transferApi, transferReference } from './transfer.ts';
import { usersApi, usersReference } from './users-api.ts';

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
  ...delegationFrameRoutes,
  ...usersApi,
  ...serverWalletTransactionsApi,
  ...serverWalletPoliciesApi,
  ...telegramApi,
  ...serverWalletsApi,
  ...serverWalletKeysApi,
  ...delegatedActionsApi,
  ...fundingApi,
  ...farcasterApi,
  ...farcasterSignerApi,
};

/**
 * WIRE.md §3 routes this server does not serve yet: their contract, for the build that adds them.
 * Kept out of `api` until then. (Empty: Farcaster, the last, is served.)
 */
export const plannedApi = {};

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
  ...telegramScriptApi,
  ...farcasterV2Api,
  ...farcasterRelayApi,
  ...api,
  ...adminApi,
  ...adminWebhooksApi,
  ...adminServerWalletsApi,
  ...farcasterAdminApi,
};

export type ServedRoute = (typeof servedRoutes)[keyof typeof servedRoutes];

/**
 * The API reference's areas (OpenAPI tags), in reading order: each is declared beside its routes
 * (`ReferenceArea`), and together their tables are `servedRoutes` (the OpenAPI test checks it).
 */
export const referenceAreas: readonly ReferenceArea[] = [
  serviceReference,
  appReference,
  sessionReference,
  emailReference,
  smsReference,
  siweReference,
  siwsReference,
  oauthReference,
  passkeyReference,
  guestReference,
  customJwtReference,
  telegramReference,
  farcasterReference,
  transferReference,
  mfaReference,
  frameReference,
  analyticsReference,
  appServerReference,
  usersReference,
  serverWalletsReference,
  serverWalletTransactionsReference,
  serverWalletKeysReference,
  serverWalletPoliciesReference,
  delegatedActionsReference,
  fundingReference,
  walletFramePageReference,
  adminReference,
  adminWebhooksReference,
  adminServerWalletsReference,
  dashboardPageReference,
];
