import type { FrameContext } from '../frame-context.ts';
import { openRecoveryShare } from '../recovery.ts';
import { accessToken, entropyRef, type RequestData, recoveryPassword } from '../request-data.ts';
import { wipe } from '../wipe.ts';

/**
 * `privy:wallets:check-recovery-password` → `{}` when `recoveryPassword` is the wallet's current
 * password, `invalid_recovery_pin` otherwise. Latchkey's own event (not the incumbent's): its modal asks
 * for the current password before a new one, so a typo is caught before the user types the new one
 * three times. The check is the one recovery does (the server's verifier, then decryption), and counts
 * against the same budget of password attempts.
 */
export async function walletsCheckPassword(
  ctx: FrameContext,
  data: RequestData,
): Promise<Record<string, never>> {
  const opened = await openRecoveryShare(ctx, accessToken(data), entropyRef(data), () =>
    recoveryPassword(data),
  );
  wipe(opened.recoveryShare);
  return {};
}
