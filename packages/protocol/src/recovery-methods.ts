import type { EmbeddedWalletConfig, UserOwnedRecoveryOption } from './app-config.ts';

/** Every `recovery_method` an embedded wallet can have (spec document 1 §3, linked accounts). */
export const recoveryMethods = [
  'privy',
  'privy-v2',
  'user-passcode',
  'google-drive',
  'icloud',
  'icloud-native',
  'recovery-encryption-key',
] as const;

export type RecoveryMethod = (typeof recoveryMethods)[number];

export const isRecoveryMethod = (value: unknown): value is RecoveryMethod =>
  (recoveryMethods as readonly unknown[]).includes(value);

/** The spec's messages for a refused change of recovery method (document 1 §4). */
export const recoveryChangeMessages = {
  sameCloudPlatform: 'Cannot upgrade to the existing cloud platform',
  unknownMethod: 'Unknown recovery method',
} as const;

export type RecoveryChange =
  | { allowed: true }
  | { allowed: false; reason: keyof typeof recoveryChangeMessages; message: string };

/** The cloud a method keeps its recovery secret in; null for methods that use none. */
function cloudPlatform(method: RecoveryMethod): 'icloud' | 'google-drive' | null {
  if (method === 'icloud' || method === 'icloud-native') return 'icloud';
  return method === 'google-drive' ? 'google-drive' : null;
}

const refused = (reason: keyof typeof recoveryChangeMessages): RecoveryChange => ({
  allowed: false,
  reason,
  message: recoveryChangeMessages[reason],
});

/**
 * Spec document 1 §4 "Recovery methods": may a wallet recovered with `from` move to `to`? From
 * privy, user-passcode or recovery-encryption-key any target is allowed; from icloud or
 * google-drive any target but the same cloud platform (icloud-native is iCloud too); from anything
 * else (privy-v2, icloud-native, a value this version does not know, none) the change is refused as
 * 'Unknown recovery method'. An unknown target is refused the same way.
 *
 * @example
 * recoveryMethodChange('google-drive', 'google-drive') // { allowed: false, reason: 'sameCloudPlatform', … }
 */
export function recoveryMethodChange(from: unknown, to: unknown): RecoveryChange {
  if (!isRecoveryMethod(to)) return refused('unknownMethod');
  switch (from) {
    case 'privy':
    case 'user-passcode':
    case 'recovery-encryption-key':
      return { allowed: true };
    case 'icloud':
    case 'google-drive':
      return cloudPlatform(to) === from ? refused('sameCloudPlatform') : { allowed: true };
    default:
      return refused('unknownMethod');
  }
}

/**
 * The `embedded_wallet_config.user_owned_recovery_options` entry an app must list to allow
 * `method`; null for methods that option list does not govern (the server-managed `privy` and
 * `privy-v2`, and `recovery-encryption-key`, whose key the app itself supplies).
 *
 * @example
 * userOwnedRecoveryOption('icloud-native') // 'icloud'
 */
export function userOwnedRecoveryOption(method: RecoveryMethod): UserOwnedRecoveryOption | null {
  switch (method) {
    case 'user-passcode':
    case 'google-drive':
      return method;
    case 'icloud':
    case 'icloud-native':
      return 'icloud';
    default:
      return null;
  }
}

/**
 * True when an app whose `user_owned_recovery_options` are `options` lets its users create a
 * wallet with, or switch to, `method`.
 *
 * @example
 * isRecoveryMethodAllowed('user-passcode', app.embedded_wallet_config.user_owned_recovery_options)
 */
export function isRecoveryMethodAllowed(method: RecoveryMethod, options: readonly string[]): boolean {
  const option = userOwnedRecoveryOption(method);
  return option === null || options.includes(option);
}

/**
 * True when an app whose `embedded_wallet_config` is `config` lets its users create a wallet with,
 * or switch to, `method`: a user-owned method needs its entry in `user_owned_recovery_options`
 * (`require_user_password_on_create` allows a password whatever the list says, since it asks for
 * one); in the 'user-controlled-server-wallets-only' mode only the privy methods are allowed
 * (spec document 1 §5). Without a config, what the app defaults to (a password allowed).
 *
 * @example
 * appAllowsRecoveryMethod(app.embedded_wallet_config, 'user-passcode')
 */
export function appAllowsRecoveryMethod(
  config: Partial<EmbeddedWalletConfig> | null | undefined,
  method: RecoveryMethod,
): boolean {
  if (config?.mode === 'user-controlled-server-wallets-only') return method.startsWith('privy');
  const options: string[] = [...(config?.user_owned_recovery_options ?? ['user-passcode'])];
  if (config?.require_user_password_on_create === true) options.push('user-passcode');
  return isRecoveryMethodAllowed(method, options);
}

/** The messages of `recoveryRequirement`: what an app's creation settings demand. */
export const recoveryRequirementMessages = {
  passwordRequired: 'Password not provided yet is required by App configuration',
  userOwnedRequired: 'A user-owned recovery method is required by App configuration',
} as const;

/**
 * What an app's `require_user_password_on_create` and `require_user_owned_recovery_on_create`
 * demand of a wallet set up (created, imported, or moved to another method) with `method`: null
 * when it complies, else the message to refuse it with (spec document 1 §5: 'Password not provided
 * yet is required by App configuration').
 *
 * @example
 * recoveryRequirement({ require_user_password_on_create: true }, 'privy') // 'Password not provided …'
 */
export function recoveryRequirement(
  config: Partial<EmbeddedWalletConfig> | null | undefined,
  method: RecoveryMethod,
): string | null {
  if (config?.require_user_password_on_create === true && method !== 'user-passcode')
    return recoveryRequirementMessages.passwordRequired;
  if (config?.require_user_owned_recovery_on_create === true && userOwnedRecoveryOption(method) === null)
    return recoveryRequirementMessages.userOwnedRequired;
  return null;
}
