import { type AppResponse, defaultAppConfig } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { landingOf } from '../screens/landing/loginSlots.ts';
import type { LatchkeyConfig } from '../types.ts';
import { fromIncumbentConfig } from './fromIncumbentConfig.ts';

describe('fromIncumbentConfig', () => {
  it.each<[string, LatchkeyConfig, LatchkeyConfig]>([
    // [case, the app's config, what the mapping sets]
    ['an empty config', {}, {}],
    [
      "Latchkey's own options pass unchanged",
      {
        loginMethods: ['sms', 'email'],
        appearance: { loginGroupPriority: 'web3-first' },
        oauthMode: 'popup',
      },
      {
        loginMethods: ['sms', 'email'],
        appearance: { loginGroupPriority: 'web3-first' },
        oauthMode: 'popup',
      },
    ],
    [
      "loginMethodsAndOrder: primary then overflow, in order, its wallets the one 'wallet'",
      {
        loginMethodsAndOrder: {
          primary: ['google', 'metamask', 'email', 'rainbow'],
          overflow: ['detected_wallets', 'apple'],
        },
      },
      { loginMethods: ['google', 'wallet', 'email', 'apple'] },
    ],
    [
      'loginMethodsAndOrder wins over loginMethods, as in the incumbent',
      { loginMethods: ['sms'], loginMethodsAndOrder: { primary: ['email'] } },
      { loginMethods: ['email'] },
    ],
    [
      "loginMethodsAndOrder's twitch and cross-app entries stay as they are (the landing leaves them out; reported)",
      { loginMethodsAndOrder: { primary: ['twitch', 'privy:cm0abcdefghijklmnopqrstuv', 'email'] } },
      { loginMethods: ['twitch', 'privy:cm0abcdefghijklmnopqrstuv', 'email'] },
    ],
    [
      "showWalletLoginFirst: true is 'web3-first'",
      { appearance: { showWalletLoginFirst: true } },
      { appearance: { showWalletLoginFirst: true, loginGroupPriority: 'web3-first' } },
    ],
    [
      "showWalletLoginFirst: false is 'web2-first'",
      { appearance: { showWalletLoginFirst: false, theme: 'dark' } },
      { appearance: { showWalletLoginFirst: false, theme: 'dark', loginGroupPriority: 'web2-first' } },
    ],
    [
      'loginGroupPriority wins over showWalletLoginFirst',
      { appearance: { showWalletLoginFirst: true, loginGroupPriority: 'web2-first' } },
      { appearance: { showWalletLoginFirst: true, loginGroupPriority: 'web2-first' } },
    ],
  ])('%s', (_, config, expected) => {
    // What changes over the config (the incumbent's options stay, for the report); undefined is absent.
    const mapped = fromIncumbentConfig(config);
    expect(JSON.parse(JSON.stringify(mapped))).toEqual({ ...config, ...expected });
  });

  it('does not change the config it is given', () => {
    const config: LatchkeyConfig = {
      loginMethodsAndOrder: { primary: ['metamask'] },
      appearance: { showWalletLoginFirst: true },
    };
    const copy = structuredClone(config);
    fromIncumbentConfig(config);
    expect(config).toEqual(copy);
  });
});

describe("the landing screen with the incumbent's options (the effect, not just the mapping)", () => {
  const app = {
    ...defaultAppConfig,
    id: 'abcdefghijklmnopqrstuvwxy',
    email_auth: true,
    google_oauth: true,
    apple_oauth: true,
    wallet_auth: true,
    sms_auth: true,
  } as AppResponse;
  const landing = (config: LatchkeyConfig) => landingOf(app, fromIncumbentConfig(config));

  it("offers loginMethodsAndOrder's methods in its order, one wallet button for its wallets, no twitch or cross-app", () => {
    expect(
      landing({
        loginMethodsAndOrder: {
          primary: ['google', 'metamask', 'twitch', 'email'],
          overflow: ['privy:cm0abcdefghijklmnopqrstuv', 'rainbow', 'apple'],
        },
      }).primary,
    ).toEqual([
      { kind: 'method', method: 'google' },
      { kind: 'email-input' },
      { kind: 'method', method: 'apple' },
      { kind: 'method', method: 'wallet' },
    ]);
  });

  it('leaves twitch and cross-app logins out of loginMethods too', () => {
    expect(landing({ loginMethods: ['twitch', 'sms', 'privy:cm0abcdefghijklmnopqrstuv'] }).primary).toEqual([
      { kind: 'method', method: 'sms' },
    ]);
  });

  it('showWalletLoginFirst puts the wallet first, and overrides the server', () => {
    const web3 = landing({ loginMethods: ['email', 'wallet'], appearance: { showWalletLoginFirst: true } });
    expect(web3.primary[0]).toEqual({ kind: 'method', method: 'wallet' });
    const web2 = landingOf(
      { ...app, show_wallet_login_first: true },
      fromIncumbentConfig({ loginMethods: ['email', 'wallet'], appearance: { showWalletLoginFirst: false } }),
    );
    expect(web2.primary[0]).toEqual({ kind: 'email-input' });
  });
});
