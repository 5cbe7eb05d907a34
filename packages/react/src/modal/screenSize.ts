import type { ScreenName } from '@latchkey/core/modal';
import type { AppResponse } from '@latchkey/protocol';
import { landingOf } from '../screens/landing/loginSlots.ts';
import type { LatchkeyConfig } from '../types.ts';

const fullScreens: ReadonlySet<ScreenName | 'loading'> = new Set<ScreenName>([
  'wallets',
  'signing',
  'export-wallet',
  'mfa-verify',
  'mfa-enroll-totp',
  'mfa-enroll-passkey',
]);

/**
 * How tall a screen may grow: the dialog takes its content's height, up to the spec's 'Heights: full
 * 620px, compact 480px'. Tall screens may use the full height, the rest the compact one. Full: the
 * landing with more than 3 slots, the wallet picker, signing, the export screen (the warning, the wallet,
 * the frame with a revealed value and the explanation), the MFA verification (with the pending
 * request), the authenticator's QR code and the passkey list.
 */
export function screenSize(
  name: ScreenName | 'loading',
  app: AppResponse | null,
  config: LatchkeyConfig,
): 'full' | 'compact' {
  if (name === 'landing' || name === 'overflow') {
    const layout = landingOf(app, config);
    return (name === 'overflow' ? layout.overflow : layout.primary).length > 3 ? 'full' : 'compact';
  }
  return fullScreens.has(name) ? 'full' : 'compact';
}
