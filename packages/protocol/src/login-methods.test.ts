import { describe, expect, expectTypeOf, it } from 'vitest';
import { type AppConfigFields, defaultAppConfig } from './app-config.ts';
import {
  enabledByConfig,
  type LoginMethodFlag,
  type LoginMethodFlags,
  loginMethodFlags,
  loginMethods,
} from './login-methods.ts';
import { oauthProviders } from './oauth-providers.ts';

// Switches the config carries that no landing-screen method reads (yet): Twitch and Telegram OAuth
// have no login method here, custom JWT is the app's own login, the rest qualify another switch.
const switchesWithoutMethod = [
  'twitch_oauth',
  'telegram_oauth',
  'custom_jwt_auth',
  'twitter_oauth_on_mobile_enabled',
  'telegram_seamless_auth_enabled',
];

describe('login methods', () => {
  it('gives every method a switch in the app config', () => {
    for (const method of loginMethods) {
      const flags = loginMethodFlags(method);
      expect(flags.length, method).toBeGreaterThan(0);
      for (const flag of flags) expect(typeof defaultAppConfig[flag], flag).toBe('boolean');
    }
    for (const provider of oauthProviders) expect(loginMethodFlags(provider)).toEqual([`${provider}_oauth`]);
    expect(loginMethodFlags('wallet')).toEqual(['wallet_auth', 'solana_wallet_auth']);
  });

  it('leaves no login switch of the config without its method', () => {
    const flags = new Set<string>(loginMethods.flatMap(loginMethodFlags));
    const loginSwitches = Object.keys(defaultAppConfig).filter((key) => /_(auth|oauth)$/.test(key));
    expect(loginSwitches.filter((key) => !flags.has(key) && !switchesWithoutMethod.includes(key))).toEqual(
      [],
    );
  });

  it('reads the methods an app turns on, in list order', () => {
    expect(enabledByConfig(defaultAppConfig)).toEqual(['email']);
    expect(
      enabledByConfig({ ...defaultAppConfig, solana_wallet_auth: true, apple_oauth: true, guest_auth: true }),
    ).toEqual(['email', 'wallet', 'apple', 'guest']);
  });

  it('types the config switches from the list', () => {
    expectTypeOf<AppConfigFields>().toExtend<LoginMethodFlags>();
    expectTypeOf<'google_oauth'>().toExtend<LoginMethodFlag>();
    expectTypeOf<'twitch_oauth'>().not.toExtend<LoginMethodFlag>();
  });
});
