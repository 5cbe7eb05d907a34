import {
  appAllowsRecoveryMethod,
  type FrameRecoveryMethod,
  recoveryMethodChange,
  recoveryRequirement,
  serverErrors,
} from '@latchkey/protocol';
import type { AppRecord } from '../app-config/app-record.ts';
import { ApiError } from '../http/api-error.ts';

const disallowed = (message: string = serverErrors.disallowed_recovery_method) =>
  new ApiError('disallowed_recovery_method', message);

/**
 * A wallet is created (or imported) with `method` only when the app allows it (spec document 1 §3)
 * and it meets the app's creation requirements: `require_user_password_on_create` and
 * `require_user_owned_recovery_on_create`, enforced here, not only by the SDK a page may bypass.
 */
export function assertRecoveryMethodAllowed(app: AppRecord, method: FrameRecoveryMethod): void {
  if (!appAllowsRecoveryMethod(app.config.embedded_wallet_config, method)) throw disallowed();
  const requirement = recoveryRequirement(app.config.embedded_wallet_config, method);
  if (requirement) throw disallowed(requirement);
}

/**
 * `/frame/set_recovery` from the entropy's `current` method to `next`: the spec's change rules
 * (document 1 §4, 'Cannot upgrade to the existing cloud platform', 'Unknown recovery method'), and
 * a switch to another method only when the app allows that one and it meets the creation
 * requirements. Keeping the method (the re-split after a recovery, a new password) is no switch: an
 * app that stopped offering a method still lets its existing wallets recover with it. When cloud
 * methods are added, a recovery's re-split of a cloud wallet must bypass the same-platform rule.
 */
export function assertRecoveryChange(app: AppRecord, current: string, next: FrameRecoveryMethod): void {
  const change = recoveryMethodChange(current, next);
  if (!change.allowed) throw disallowed(change.message);
  if (next !== current) assertRecoveryMethodAllowed(app, next);
}
