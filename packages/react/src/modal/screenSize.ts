import type { ScreenName } from '@latchkey/core/modal';
import type { AppResponse } from '@latchkey/protocol';
import { landingOf, landingSize } from '../screens/landing/loginSlots.ts';
import type { LatchkeyConfig } from '../types.ts';
import { modalAreas } from './areas.ts';

/** The screens the areas let use the full height (`ModalArea.fullScreens`). */
const fullScreens: ReadonlySet<ScreenName | 'loading'> = new Set(
  modalAreas.flatMap((area) => area.fullScreens ?? []),
);

/**
 * How tall a screen may grow: the dialog takes its content's height, up to the spec's 'Heights: full
 * 620px, compact 480px'. Tall screens may use the full height, the rest the compact one. Full: the
 * landing with more than 3 slots, and the screens their areas name (the wallet picker, signing, the
 * export screen, the MFA verification, the authenticator's QR code and the passkey list).
 */
export function screenSize(
  name: ScreenName | 'loading',
  app: AppResponse | null,
  config: LatchkeyConfig,
): 'full' | 'compact' {
  if (name === 'landing') return landingSize(app, config);
  if (name === 'overflow') return landingOf(app, config).overflow.length > 3 ? 'full' : 'compact';
  return fullScreens.has(name) ? 'full' : 'compact';
}
