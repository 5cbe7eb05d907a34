import { describe, expect, it } from 'vitest';
import {
  appAllowsRecoveryMethod,
  isRecoveryMethod,
  isRecoveryMethodAllowed,
  type RecoveryMethod,
  recoveryMethodChange,
  recoveryMethods,
  userOwnedRecoveryOption,
} from './recovery-methods.ts';

/** One row per current method: the verdict for each target, in `recoveryMethods` order. */
const A = 'allowed';
const S = 'Cannot upgrade to the existing cloud platform';
const U = 'Unknown recovery method';
const table: Record<RecoveryMethod, string[]> = {
  //                        privy privy-v2 passcode gdrive icloud icloud-native rek
  privy: /*             */ [A, A, A, A, A, A, A],
  'privy-v2': /*        */ [U, U, U, U, U, U, U],
  'user-passcode': /*   */ [A, A, A, A, A, A, A],
  'google-drive': /*    */ [A, A, A, S, A, A, A],
  icloud: /*            */ [A, A, A, A, S, S, A],
  'icloud-native': /*   */ [U, U, U, U, U, U, U],
  'recovery-encryption-key': [A, A, A, A, A, A, A],
};

const verdict = (from: unknown, to: unknown) => {
  const change = recoveryMethodChange(from, to);
  return change.allowed ? A : change.message;
};

describe('recovery method changes (spec document 1 §4 "Recovery methods")', () => {
  it('knows the seven recovery_method values of spec document 1 §3', () => {
    expect(recoveryMethods).toEqual([
      'privy',
      'privy-v2',
      'user-passcode',
      'google-drive',
      'icloud',
      'icloud-native',
      'recovery-encryption-key',
    ]);
    expect(recoveryMethods.every(isRecoveryMethod)).toBe(true);
    expect(isRecoveryMethod('passcode')).toBe(false);
    expect(isRecoveryMethod(undefined)).toBe(false);
  });

  for (const from of recoveryMethods)
    it(`from ${from}`, () => {
      expect(recoveryMethods.map((to) => verdict(from, to))).toEqual(table[from]);
    });

  it('refuses from a method it does not know, or none, and to a method it does not know', () => {
    for (const from of ['passkey', '', null, undefined, 42, 'PRIVY'])
      expect(recoveryMethods.map((to) => verdict(from, to))).toEqual(recoveryMethods.map(() => U));
    expect(recoveryMethodChange('privy', 'dropbox')).toEqual({
      allowed: false,
      reason: 'unknownMethod',
      message: 'Unknown recovery method',
    });
    expect(recoveryMethodChange('icloud', 'icloud')).toEqual({
      allowed: false,
      reason: 'sameCloudPlatform',
      message: 'Cannot upgrade to the existing cloud platform',
    });
  });
});

describe('user_owned_recovery_options (spec document 1 §3)', () => {
  it('maps each method to the option that governs it', () => {
    expect(recoveryMethods.map((m) => [m, userOwnedRecoveryOption(m)])).toEqual([
      ['privy', null],
      ['privy-v2', null],
      ['user-passcode', 'user-passcode'],
      ['google-drive', 'google-drive'],
      ['icloud', 'icloud'],
      ['icloud-native', 'icloud'],
      ['recovery-encryption-key', null],
    ]);
  });

  it('allows the server-managed methods always, and user-owned ones only when listed', () => {
    expect(allowedWith([])).toEqual(['privy', 'privy-v2', 'recovery-encryption-key']);
    expect(allowedWith(['user-passcode'])).toEqual([
      'privy',
      'privy-v2',
      'user-passcode',
      'recovery-encryption-key',
    ]);
    expect(allowedWith(['icloud', 'google-drive'])).toEqual([
      'privy',
      'privy-v2',
      'google-drive',
      'icloud',
      'icloud-native',
      'recovery-encryption-key',
    ]);
  });
});

describe('appAllowsRecoveryMethod: an app configuration', () => {
  const allowedBy = (config: Parameters<typeof appAllowsRecoveryMethod>[0]) =>
    recoveryMethods.filter((m) => appAllowsRecoveryMethod(config, m));

  it('without a configuration allows what a new app does: privy methods and a password', () => {
    expect(allowedBy(null)).toEqual(allowedWith(['user-passcode']));
  });

  it('follows user_owned_recovery_options', () => {
    expect(allowedBy({ user_owned_recovery_options: [] })).toEqual(allowedWith([]));
    expect(allowedBy({ user_owned_recovery_options: ['google-drive'] })).toEqual(
      allowedWith(['google-drive']),
    );
  });

  it('allows a password when the app requires one on create, whatever the list says', () => {
    expect(
      appAllowsRecoveryMethod(
        { user_owned_recovery_options: [], require_user_password_on_create: true },
        'user-passcode',
      ),
    ).toBe(true);
  });

  it("allows only the privy methods in 'user-controlled-server-wallets-only' mode", () => {
    expect(
      allowedBy({
        mode: 'user-controlled-server-wallets-only',
        user_owned_recovery_options: ['user-passcode', 'google-drive', 'icloud'],
        require_user_password_on_create: true,
      }),
    ).toEqual(['privy', 'privy-v2']);
  });
});

function allowedWith(options: string[]) {
  return recoveryMethods.filter((m) => isRecoveryMethodAllowed(m, options));
}
