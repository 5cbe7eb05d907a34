import { describe, expect, expectTypeOf, it } from 'vitest';
import type { AppResponse } from '../app-config.ts';
import { frameApi } from '../frame-api.ts';
import {
  adminApi,
  adminServerWalletsApi,
  adminWebhooksApi,
  analyticsApi,
  api,
  appApi,
  appServerApi,
  customJwtApi,
  dashboardPageApi,
  delegatedActionsApi,
  delegationFrameRoutes,
  emailApi,
  farcasterAdminApi,
  farcasterApi,
  farcasterRelayApi,
  farcasterSignerApi,
  farcasterV2Api,
  frameRoutes,
  fundingApi,
  guestApi,
  mfaApi,
  mfaAuthApi,
  oauthApi,
  oauthCallbackApi,
  type PathParamsOf,
  passkeyApi,
  plannedApi,
  type RequestOf,
  type ResponseOf,
  routeUrl,
  servedRoutes,
  serverWalletKeysApi,
  serverWalletPoliciesApi,
  serverWalletsApi,
  serverWalletTransactionsApi,
  serviceApi,
  sessionApi,
  siweApi,
  siwsApi,
  smsApi,
  telegramApi,
  telegramScriptApi,
  transferApi,
  usersApi,
  walletFramePageApi,
} from '../index.ts';
import { routes } from '../routes.ts';
import type { AuthenticatedUser, User } from '../user.ts';

const tables = {
  analyticsApi,
  appApi,
  appServerApi,
  customJwtApi,
  emailApi,
  frameRoutes,
  delegationFrameRoutes,
  delegatedActionsApi,
  fundingApi,
  guestApi,
  oauthApi,
  oauthCallbackApi,
  sessionApi,
  siweApi,
  siwsApi,
  smsApi,
  transferApi,
  passkeyApi,
  mfaApi,
  mfaAuthApi,
  usersApi,
  serverWalletPoliciesApi,
  telegramApi,
  serverWalletsApi,
  serverWalletKeysApi,
  serverWalletTransactionsApi,
  farcasterApi,
  farcasterSignerApi,
};
const plannedTables = {};

describe('api', () => {
  it('gathers every table, no name taken twice', () => {
    const count = (list: object[]) => list.reduce((n, table) => n + Object.keys(table).length, 0);
    expect(Object.keys(api)).toHaveLength(count(Object.values(tables)));
    expect(Object.keys(plannedApi)).toHaveLength(count(Object.values(plannedTables)));
    for (const name of Object.keys(plannedApi)) expect(api).not.toHaveProperty(name);
  });

  it('names each method and path once', () => {
    const seen = new Set<string>();
    for (const [name, route] of Object.entries({ ...api, ...plannedApi })) {
      const key = `${route.method} ${route.path}`;
      expect(seen.has(key), `${name}: ${key}`).toBe(false);
      seen.add(key);
      expect(route.path).toMatch(/^\/api\/v1\//);
      // Plain data: nothing but the method and the path exists at runtime.
      expect(Object.keys(route).sort()).toEqual(['method', 'path']);
    }
  });

  it('keeps the paths `routes` always had', () => {
    expect(routes).toMatchObject({
      app: '/api/v1/apps/:app_id',
      sessions: '/api/v1/sessions',
      logout: '/api/v1/sessions/logout',
      me: '/api/v1/users/me',
      emailInit: '/api/v1/passwordless/init',
      smsUpdate: '/api/v1/passwordless_sms/update',
      siweTransfer: '/api/v1/siwe/transfer',
      customJwtLink: '/api/v1/custom_jwt_account/link',
    });
    // Every entry is an API route at its contract path, or one of the paths outside `/api/v1`
    // (the health check, the wallet frame's pages and scripts, the admin API).
    const outsideApi = [
      ...Object.keys(routes).filter((name) => name.startsWith('adminWebhook')),
      ...Object.keys(routes).filter((name) => /^(admin|dashboard)/.test(name)),
      'root',
      'health',
      'ready',
      'metrics',
      'openApi',
      'walletFrame',
      'walletFrameExport',
      'walletFrameScript',
      'walletFrameExportScript',
      'adminApps',
      'adminApp',
      'adminRotateSigningKey',
    ];
    for (const [name, path] of Object.entries(routes)) {
      if (outsideApi.includes(name)) expect(path, name).not.toMatch(/^\/api\/v1\//);
      else expect(api[name as keyof typeof api]?.path, name).toBe(path);
    }
  });

  it('serves every route of `api`, and the routes outside /api/v1, in `servedRoutes`', () => {
    const outside = {
      serviceApi,
      walletFramePageApi,
      dashboardPageApi,
      telegramScriptApi,
      farcasterV2Api,
      farcasterRelayApi,
      adminApi,
      adminWebhooksApi,
      adminServerWalletsApi,
      farcasterAdminApi,
    };
    const count = (list: object[]) => list.reduce((n, table) => n + Object.keys(table).length, 0);
    expect(Object.keys(servedRoutes)).toHaveLength(Object.keys(api).length + count(Object.values(outside)));
    const seen = new Set<string>();
    for (const [name, route] of Object.entries(servedRoutes)) {
      const key = `${route.method} ${route.path}`;
      expect(seen.has(key), `${name}: ${key}`).toBe(false);
      seen.add(key);
      expect(Object.keys(route).sort()).toEqual(['method', 'path']);
    }
    for (const table of Object.values(outside))
      for (const route of Object.values(table)) expect(route.path).not.toMatch(/^\/api\/v1\//);
    expect(routes.adminSession).toBe(adminApi.adminSessionCreate.path);
    expect(routes.adminWebhookResend).toBe(adminWebhooksApi.adminWebhookResend.path);
    expectTypeOf<RequestOf<typeof adminApi.adminRotateSigningKey>>().toEqualTypeOf<undefined>();
    expectTypeOf<RequestOf<typeof adminApi.adminSessionCreate>>().toEqualTypeOf<
      { admin_key: string } | { login_link: string }
    >();
  });

  it("puts the frame's routes under frameApi's prefix", () => {
    const { prefix, ...paths } = frameApi;
    const frameName = (name: string) =>
      `frame${name[0]!.toUpperCase()}${name.slice(1)}` as keyof typeof frameRoutes;
    for (const [name, path] of Object.entries(paths))
      expect(frameRoutes[frameName(name)].path).toBe(`${prefix}${path}`);
    expect(Object.keys(frameRoutes)).toHaveLength(Object.keys(paths).length);
  });

  it('serves the MFA routes of WIRE.md §3.7 at their paths, TOTP and passkeys under /mfa_auth too', () => {
    const paths = (table: Record<string, { path: string }>) => Object.values(table).map((r) => r.path);
    expect(paths(mfaApi)).toEqual(
      [
        'passwordless_sms/init',
        'passwordless_sms/enroll',
        'passwordless_sms/verify',
        'passwordless_sms/unenroll',
        'totp/init',
        'totp/enroll',
        'totp/verify',
        'totp/unenroll',
        'passkeys/init',
        'passkeys/verify',
        'passkeys/enrollment',
      ].map((path) => `/api/v1/mfa/${path}`),
    );
    expect(paths(mfaAuthApi)).toEqual(
      paths(mfaApi)
        .filter((path) => !path.includes('passwordless_sms'))
        .map((path) => path.replace('/mfa/', '/mfa_auth/')),
    );
    expectTypeOf<ResponseOf<typeof api.mfaTotpVerify>>().toEqualTypeOf<{ token: string }>();
    expectTypeOf<ResponseOf<typeof api.mfaTotpInit>>().toHaveProperty('totpAuthUrl');
  });

  it('fills path parameters, checked against the path', () => {
    expect(routeUrl(api.app, { app_id: 'a b' })).toBe('/api/v1/apps/a%20b');
    expectTypeOf<PathParamsOf<typeof api.app>>().toEqualTypeOf<{ app_id: string }>();
    expectTypeOf<keyof PathParamsOf<typeof api.emailInit>>().toEqualTypeOf<never>();
    // @ts-expect-error: the parameter is app_id
    routeUrl(api.app, { appId: 'x' });
  });

  it('types each body', () => {
    expectTypeOf<RequestOf<typeof emailApi.emailInit>>().toEqualTypeOf<{ email: string; token?: string }>();
    expectTypeOf<ResponseOf<typeof api.emailAuthenticate>>().toEqualTypeOf<AuthenticatedUser>();
    expectTypeOf<ResponseOf<typeof api.smsLink>>().toEqualTypeOf<User>();
    expectTypeOf<RequestOf<typeof api.smsUpdate>>().toHaveProperty('old_phone_number');
    expectTypeOf<RequestOf<typeof api.app>>().toEqualTypeOf<undefined>();
    expectTypeOf<ResponseOf<typeof api.app>>().toEqualTypeOf<AppResponse>();
    expectTypeOf(api.emailInit.method).toEqualTypeOf<'POST'>();
    expectTypeOf(api.me.path).toEqualTypeOf<'/api/v1/users/me'>();
  });
});
