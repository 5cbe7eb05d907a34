import type { ModalIntent } from '@latchkey/core';
import type { ScreenName } from '@latchkey/core/modal';
import { useEffect, useReducer } from 'react';
import type { AreaComponent } from '../screens/types.ts';

/** The modal's screens come in areas: each login method, wallet feature and result has its own. */
export type Area =
  | 'landing'
  | 'email'
  | 'sms'
  | 'code'
  | 'wallets'
  | 'account'
  | 'embedded'
  | 'signing'
  | 'export'
  | 'oauth'
  | 'passkey'
  | 'mfa';

/** The area whose screens show each screen of the flows (a new screen must be given one). */
export const areaOf: Record<ScreenName, Area> = {
  landing: 'landing',
  overflow: 'landing',
  email: 'email',
  'link-email': 'email',
  'update-email': 'email',
  phone: 'sms',
  'link-phone': 'sms',
  'update-phone': 'sms',
  captcha: 'code',
  code: 'code',
  wallets: 'wallets',
  'wallet-network': 'wallets',
  'wallet-ledger': 'wallets',
  'wallet-install': 'wallets',
  'wallet-redirect': 'wallets',
  'wallet-connecting': 'wallets',
  transfer: 'account',
  'oauth-status': 'oauth',
  'oauth-in-app-browser': 'oauth',
  terms: 'account',
  success: 'account',
  error: 'account',
  'embedded-creating': 'embedded',
  'embedded-created': 'embedded',
  'recover-password': 'embedded',
  'current-password': 'embedded',
  'set-password': 'embedded',
  'set-password-save': 'embedded',
  'set-password-confirm': 'embedded',
  'set-password-acknowledge': 'embedded',
  'set-password-result': 'embedded',
  signing: 'signing',
  'export-wallet': 'export',
  'passkey-choice': 'passkey',
  'passkey-status': 'passkey',
  'mfa-verify': 'mfa',
  'mfa-enroll-intro': 'mfa',
  'mfa-enroll-methods': 'mfa',
  'mfa-enroll-sms': 'mfa',
  'mfa-enroll-sms-code': 'mfa',
  'mfa-enroll-totp': 'mfa',
  'mfa-enroll-totp-code': 'mfa',
  'mfa-enroll-passkey': 'mfa',
  'mfa-remove': 'mfa',
  'mfa-enrolled': 'mfa',
};

/** Each area's screens, in a chunk of their own, loaded the first time the modal needs them. */
const loaders: Record<Area, () => Promise<{ default: AreaComponent }>> = {
  landing: () => import('../screens/landing/index.tsx'),
  email: () => import('../screens/email/index.tsx'),
  sms: () => import('../screens/sms/index.tsx'),
  code: () => import('../screens/code/index.tsx'),
  wallets: () => import('../screens/wallets/index.tsx'),
  account: () => import('../screens/account/index.tsx'),
  embedded: () => import('../screens/embedded/index.tsx'),
  signing: () => import('../screens/signing/index.tsx'),
  export: () => import('../screens/export/index.tsx'),
  oauth: () => import('../screens/oauth/index.tsx'),
  passkey: () => import('../screens/passkey/index.tsx'),
  mfa: () => import('../screens/mfa/index.tsx'),
};

/** The areas a flow is likely to reach, loaded as it opens so that no step waits on a chunk. */
const intentAreas: Record<ModalIntent, Area[]> = {
  login: ['landing', 'email', 'sms', 'code', 'account', 'wallets', 'embedded', 'oauth'],
  'link-email': ['email', 'code', 'account'],
  'link-phone': ['sms', 'code', 'account'],
  'update-email': ['email', 'code', 'account'],
  'update-phone': ['sms', 'code', 'account'],
  'link-wallet': ['wallets', 'account'],
  'link-oauth': ['oauth', 'account'],
  'link-passkey': ['passkey', 'account'],
  'connect-wallet': ['wallets', 'account'],
  'recover-wallet': ['embedded'],
  'set-wallet-password': ['embedded'],
  'create-wallet': ['embedded'],
  signing: ['signing'],
  'export-wallet': ['export'],
  'mfa-verify': ['mfa'],
  'mfa-enrollment': ['mfa'],
};

const loaded = new Map<Area, AreaComponent>();
const loading = new Map<Area, Promise<AreaComponent>>();

export function loadArea(area: Area): Promise<AreaComponent> {
  let promise = loading.get(area);
  if (!promise) {
    promise = loaders[area]().then((module) => {
      loaded.set(area, module.default);
      return module.default;
    });
    // A failed chunk (a deploy replaced it, the network dropped) is fetched again next time.
    promise.catch(() => loading.delete(area));
    loading.set(area, promise);
  }
  return promise;
}

export function preloadAreas(intent: ModalIntent): void {
  for (const area of intentAreas[intent]) loadArea(area).catch(() => undefined);
}

/** The area's screens once loaded (null while loading); `onError` hears of a chunk that failed. */
export function useArea(area: Area | null, onError: (error: unknown) => void): AreaComponent | null {
  const [, loadedOne] = useReducer((n: number) => n + 1, 0);
  const component = area ? (loaded.get(area) ?? null) : null;
  useEffect(() => {
    if (!area || component) return;
    let current = true;
    loadArea(area).then(
      () => current && loadedOne(),
      (error: unknown) => current && onError(error),
    );
    return () => {
      current = false;
    };
  }, [area, component, onError]);
  return component;
}
