import { type AppResponse, defaultAppConfig, loginMethods, type ModalLoginMethod } from '@latchkey/protocol';
import { describe, expect, it } from 'vitest';
import { methodLabel } from './LoginSlotList.tsx';
import { customProviderSlots, enabledLoginMethods, landingLayout, landingOf } from './loginSlots.ts';

const app = { ...defaultAppConfig, id: 'abcdefghijklmnopqrstuvwxy' } as AppResponse;

describe('enabledLoginMethods', () => {
  it("reads the app's switches when the host lists none", () => {
    expect(enabledLoginMethods(app)).toEqual(['email']);
    expect(
      enabledLoginMethods({
        ...app,
        sms_auth: true,
        google_oauth: true,
        wallet_auth: true,
        guest_auth: true,
      }),
    ).toEqual(['email', 'sms', 'google', 'wallet']);
    expect(enabledLoginMethods(null)).toEqual([]);
  });

  it("uses the host's list, deduplicated, without guest", () => {
    expect(enabledLoginMethods(app, ['sms', 'email', 'sms', 'guest'])).toEqual(['sms', 'email']);
  });

  it('offers passkeys only where the browser has WebAuthn', () => {
    const withPasskeys = { ...app, passkey_auth: true };
    expect(enabledLoginMethods(withPasskeys, undefined, true)).toEqual(['email', 'passkey']);
    expect(enabledLoginMethods(withPasskeys, undefined, false)).toEqual(['email']);
    expect(enabledLoginMethods(app, ['passkey', 'email'], false)).toEqual(['email']);
    // Node has no PublicKeyCredential: the default is the browser's answer.
    expect(enabledLoginMethods(withPasskeys)).toEqual(['email']);
  });
});

describe('methodLabel', () => {
  it("says 'Continue with passkey' when passkey is the only method, else 'I have a passkey'", () => {
    expect(methodLabel('passkey', false, true)).toBe('Continue with passkey');
    expect(methodLabel('passkey', false, false)).toBe('I have a passkey');
    expect(methodLabel('passkey', false)).toBe('I have a passkey');
  });
});

describe('landingLayout', () => {
  it('shows up to five slots as they are', () => {
    const layout = landingLayout({ methods: ['email', 'sms', 'google', 'apple', 'wallet'] });
    expect(layout.primary).toEqual([
      { kind: 'email-input' },
      { kind: 'method', method: 'sms' },
      { kind: 'method', method: 'google' },
      { kind: 'method', method: 'apple' },
      { kind: 'method', method: 'wallet' },
    ]);
    expect(layout.overflow).toEqual([]);
  });

  it("shows four plus 'More options' when there are more than five", () => {
    const layout = landingLayout({ methods: ['email', 'sms', 'google', 'twitter', 'discord', 'github'] });
    expect(layout.primary).toHaveLength(5);
    expect(layout.primary.at(-1)).toEqual({ kind: 'more' });
    expect(layout.overflow).toEqual([
      { kind: 'method', method: 'discord' },
      { kind: 'method', method: 'github' },
    ]);
    expect(layout.overflowIsSocials).toBe(true);
  });

  it('puts the wallet last web2-first and first web3-first', () => {
    expect(landingLayout({ methods: ['wallet', 'email'] }).primary).toEqual([
      { kind: 'email-input' },
      { kind: 'method', method: 'wallet' },
    ]);
    const web3 = landingLayout({ methods: ['email', 'sms', 'wallet'], priority: 'web3-first' });
    expect(web3.primary).toEqual([{ kind: 'method', method: 'wallet' }, { kind: 'web2-group' }]);
    expect(web3.overflow).toEqual([{ kind: 'email-input' }, { kind: 'method', method: 'sms' }]);
    expect(web3.groupHasSocials).toBe(false);
    expect(
      landingLayout({ methods: ['email', 'google', 'wallet'], priority: 'web3-first' }).groupHasSocials,
    ).toBe(true);
  });

  it('ignores web3-first without a wallet method', () => {
    expect(landingLayout({ methods: ['email', 'sms'], priority: 'web3-first' }).primary).toEqual([
      { kind: 'email-input' },
      { kind: 'method', method: 'sms' },
    ]);
  });

  it('turns the email field into a button when direct inputs are hidden', () => {
    expect(landingLayout({ methods: ['email'], hideDirectWeb2Inputs: true }).primary).toEqual([
      { kind: 'method', method: 'email' },
    ]);
  });
});

describe("the app's own OpenID providers", () => {
  const withCustom = {
    ...app,
    google_oauth: true,
    custom_oauth_providers: [
      {
        provider: 'custom:acme',
        provider_display_name: 'Acme',
        provider_icon_url: 'https://acme.test/i.png',
        enabled: true,
      },
      { provider: 'custom:off', provider_display_name: 'Off', provider_icon_url: null, enabled: false },
    ],
  } as AppResponse;

  it('get a button each when on, with their name and icon, after the built-in socials', () => {
    expect(customProviderSlots(withCustom)).toEqual([
      { kind: 'custom-oauth', provider: 'custom:acme', name: 'Acme', iconUrl: 'https://acme.test/i.png' },
    ]);
    expect(landingOf(withCustom, {}).primary).toEqual([
      { kind: 'email-input' },
      { kind: 'method', method: 'google' },
      { kind: 'custom-oauth', provider: 'custom:acme', name: 'Acme', iconUrl: 'https://acme.test/i.png' },
    ]);
  });

  it("count as socials ('Other socials'), and stay off when the host lists its methods", () => {
    const many = landingLayout({
      methods: ['email', 'sms', 'google', 'twitter', 'discord'],
      customProviders: customProviderSlots(withCustom),
    });
    expect(many.overflow).toEqual([
      { kind: 'method', method: 'discord' },
      { kind: 'custom-oauth', provider: 'custom:acme', name: 'Acme', iconUrl: 'https://acme.test/i.png' },
    ]);
    expect(many.overflowIsSocials).toBe(true);
    expect(landingOf(withCustom, { loginMethods: ['email'] }).primary).toEqual([{ kind: 'email-input' }]);
  });
});

describe('the landing buttons', () => {
  it('have a label for every login method with a button', () => {
    for (const method of loginMethods.filter((m): m is ModalLoginMethod => m !== 'guest'))
      expect(methodLabel(method, false), method).toMatch(/\S/);
  });
});
