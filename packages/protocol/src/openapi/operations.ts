import { referenceAreas } from '../api/contract.ts';
import type { OperationAuth } from '../api/reference.ts';
import type { HttpMethod } from '../api/route.ts';

export type { OperationAuth, ReferenceArea } from '../api/reference.ts';

/** One operation of the reference: the contract's method and path, with its area, summary and auth. */
export interface Operation {
  /** The contract's route name (`emailInit`): the operation id. */
  name: string;
  method: HttpMethod;
  path: string;
  tag: string;
  summary: string;
  auth: OperationAuth;
}

/** The areas of the API, one OpenAPI tag each, in reading order (`referenceAreas`, contract.ts). */
export const tags = referenceAreas.map(({ name, description }) => ({ name, description }));

/** Summaries that say more than the route's name does. */
const summaries: Record<string, string> = {
  root: 'Name and status of the server',
  health: 'Liveness: the process answers',
  ready: 'Readiness: the database answers and migrations are current',
  metrics: 'Prometheus metrics (when enabled)',
  openApi: 'This OpenAPI document',
  walletFrame: "The wallet frame's page",
  walletFrameExport: 'The key export page',
  walletFrameScript: "The wallet frame's script",
  walletFrameExportScript: "The export page's script",
  adminAppsList: 'List apps',
  adminAppsCreate: 'Create an app (its secret is shown once)',
  adminAppGet: 'Get an app and its configuration',
  adminAppUpdate: "Change an app's configuration",
  adminRotateSigningKey: "Rotate an app's token signing key",
  adminWebhooksList: "List an app's webhook endpoints",
  adminWebhooksCreate: 'Add a webhook endpoint (its secret is shown once)',
  adminWebhookGet: 'Get a webhook endpoint',
  adminWebhookUpdate: 'Change a webhook endpoint',
  adminWebhookDelete: 'Delete a webhook endpoint',
  adminWebhookRotateSecret: "Rotate an endpoint's signing secret",
  adminWebhookDeliveries: "An endpoint's delivery log",
  adminWebhookResend: 'Send a delivery again',
  adminSessionCreate: 'Log in to the dashboard: the admin key in the body, a session cookie back',
  adminSessionDelete: 'Log out of the dashboard',
  adminUsers: "Search or page through an app's users",
  adminUserGet: 'Get a user of an app',
  adminUserDelete: 'Delete a user of an app',
  adminAllowlistList: "List an app's allowlist entries",
  adminAllowlistAdd: 'Add an allowlist entry',
  adminAllowlistRemove: 'Remove an allowlist entry',
  adminDevOutbox: 'The messages the development outbox kept (development only)',
  dashboard: 'The developer dashboard',
  dashboardFiles: "The dashboard's scripts and styles",
  app: "An app's public configuration",
  appJwks: "The app's token verification keys (JWKS)",
  sessions: 'Refresh the session (rotates the refresh token)',
  logout: 'Log out (revokes the session)',
  me: 'The current user, with a fresh identity token',
  emailInit: 'Send an email login code',
  emailAuthenticate: 'Log in (or sign up) with an email code',
  smsInit: 'Send an SMS login code',
  smsAuthenticate: 'Log in (or sign up) with an SMS code',
  siweInit: 'A nonce for a Sign-In with Ethereum message',
  siweAuthenticate: 'Log in with a signed SIWE message',
  siwsInit: 'A nonce for a Sign-In with Solana message',
  siwsAuthenticate: 'Log in with a signed SIWS message',
  oauthInit: "Start an OAuth login: the provider's authorization URL",
  oauthAuthenticate: 'Finish an OAuth login with the returned code',
  oauthCallback: "The providers' redirect URI",
  guestAuthenticate: 'Log in as a guest',
  customJwtAuthenticate: "Log in with the app's own JWT",
  appUsersWallet: 'Pregenerate embedded wallets for a user',
  usersList: "List the app's users",
  usersImport: 'Import a user',
  userGet: 'Get a user',
  userDelete: 'Delete a user',
};

/** `emailInit` → `Email init`: the default summary. */
function fromName(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Every operation the server serves: the areas' tables (`servedRoutes`), each with its area and auth. */
export function operations(): Operation[] {
  return referenceAreas.flatMap((area) =>
    area.tables.flatMap(([table, auth, overrides]) =>
      Object.entries(table).map(([name, route]) => ({
        name,
        method: route.method,
        path: route.path,
        tag: area.name,
        summary: area.summaries?.[name] ?? summaries[name] ?? fromName(name),
        auth: overrides?.[name] ?? auth,
      })),
    ),
  );
}
