import {
  appAllowsRecoveryMethod,
  type EmbeddedWalletConfig,
  frameRecoveryMethods,
  isRecoveryMethod,
  recoveryMethodChange,
  serverErrors,
} from '@latchkey/protocol';
import type { SupportedRecoveryMethod } from '../accounts.ts';
import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';

export interface CreateEmbeddedWalletOptions {
  /**
   * Default 'user-passcode' when a password is given, else 'privy' (server-held recovery key,
   * recovery without a password on a new device).
   */
  recoveryMethod?: SupportedRecoveryMethod | undefined;
  /** Required for 'user-passcode'. Sent to the frame only; never to the server. */
  password?: string | undefined;
}

/** The methods this version implements; cloud ones need OAuth recovery, which it does not have. */
const implementedMethods: readonly string[] = frameRecoveryMethods;

export interface RecoveryRules {
  /** The method the wallet has now (set-recovery only). */
  from?: string | null;
  /** The app's `require_user_password_on_create`. */
  required: boolean;
  walletConfig: Partial<EmbeddedWalletConfig> | null;
  /** Stop before the password (a check before the user is asked for one). */
  methodOnly?: boolean;
}

/** The app's rules for recovery choices, read now. */
export function recoveryRules(ctx: EmbeddedWalletsContext): RecoveryRules {
  return {
    required: ctx.params.requireUserPassword?.() === true,
    walletConfig: ctx.params.walletConfig?.() ?? null,
  };
}

/**
 * The recovery fields of a create or set-recovery, checked before the frame is asked (spec
 * document 1 §4 "Recovery methods" and §5 wallet creation): the change of method (`from`, for
 * set-recovery), the app's allowed methods for a new or another method, then the password.
 */
export function recoveryChoice(
  options: { recoveryMethod?: unknown; password?: unknown },
  rules: RecoveryRules,
): { recoveryMethod: SupportedRecoveryMethod; recoveryPassword?: string } {
  const { password } = options;
  if (password !== undefined && typeof password !== 'string')
    throw new EmbeddedWalletError('invalid_input', 'Invalid input to create wallet');
  const method = options.recoveryMethod ?? (password === undefined ? 'privy' : 'user-passcode');
  if ('from' in rules) {
    const change = recoveryMethodChange(rules.from, method);
    if (!change.allowed) throw new EmbeddedWalletError('unsupported_recovery_method', change.message);
  } else if (!isRecoveryMethod(method))
    throw new EmbeddedWalletError(
      'unsupported_recovery_method',
      `Unsupported recovery method ${String(method)}`,
    );
  const switching = !('from' in rules) || method !== rules.from;
  if (switching && isRecoveryMethod(method) && !appAllowsRecoveryMethod(rules.walletConfig, method))
    throw new EmbeddedWalletError('disallowed_recovery_method', serverErrors.disallowed_recovery_method);
  if (!implementedMethods.includes(method as string))
    throw new EmbeddedWalletError(
      'unsupported_recovery_method',
      `Unsupported recovery method ${String(method)}`,
    );
  if (rules.methodOnly) return { recoveryMethod: method as SupportedRecoveryMethod };
  if ((method === 'user-passcode' || rules.required) && !password)
    throw new EmbeddedWalletError('invalid_input', embeddedMessages.passwordRequired);
  return method === 'user-passcode'
    ? { recoveryMethod: method, recoveryPassword: password! }
    : { recoveryMethod: method as SupportedRecoveryMethod };
}
