import type { ScreenName } from '@latchkey/core/modal';
import { accountArea } from '../screens/account/area.ts';
import { codeArea } from '../screens/code/area.ts';
import { delegationArea } from '../screens/delegation/area.ts';
import { emailArea } from '../screens/email/area.ts';
import { embeddedArea } from '../screens/embedded/area.ts';
import { exportArea } from '../screens/export/area.ts';
import { farcasterArea } from '../screens/farcaster/area.ts';
import { fundingArea } from '../screens/funding/area.ts';
import { landingArea } from '../screens/landing/area.ts';
import { mfaArea } from '../screens/mfa/area.ts';
import { oauthArea } from '../screens/oauth/area.ts';
import { passkeyArea } from '../screens/passkey/area.ts';
import { signingArea } from '../screens/signing/area.ts';
import { smsArea } from '../screens/sms/area.ts';
import { telegramArea } from '../screens/telegram/area.ts';
import { walletsArea } from '../screens/wallets/area.ts';

/**
 * The modal's areas (`screens/<area>/area.ts`): each login method, wallet feature and result has
 * its own screens and chunk. A new area is its folder and one line here.
 */
export const modalAreas = [
  landingArea,
  emailArea,
  smsArea,
  codeArea,
  walletsArea,
  accountArea,
  embeddedArea,
  signingArea,
  exportArea,
  oauthArea,
  passkeyArea,
  mfaArea,
  telegramArea,
  farcasterArea,
  delegationArea,
  fundingArea,
] as const;

/** Every screen of the flows has an area: fails to compile naming the screens none draws. */
type Undrawn = Exclude<ScreenName, (typeof modalAreas)[number]['screens'][number]>;
true satisfies [Undrawn] extends [never] ? true : Undrawn;
