import { readRecentLoginMethod } from '@latchkey/core/modal';
import { useState } from 'react';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { LandingScreen } from './LandingScreen.tsx';
import { landingOf } from './loginSlots.ts';
import { OverflowScreen } from './OverflowScreen.tsx';

/** The landing screen and its overflow ('More options' / 'Other socials'). */
export default function LandingArea({ screen, flow, client, config, app, titleId }: AreaProps) {
  // Read once per visit: the 'Recent' chip does not move while the screen shows.
  const [recent] = useState(() => readRecentLoginMethod(client.appId));
  const layout = landingOf(app, config);
  const appearance = config.appearance;
  const header = appearance?.landingHeader ?? en.landingHeader;
  const slotProps = {
    recent,
    whatsapp: app?.whatsapp_enabled ?? false,
    disallowPlus: app?.disable_plus_emails ?? false,
    groupHasSocials: layout.groupHasSocials,
    onlyMethod: layout.primary.length === 1 && layout.overflow.length === 0,
    onEmail: flow.code.submitEmail,
    // What was typed before (Back from the code screen, 'Use a different email'), kept by the flow.
    emailDraft: { value: flow.code.draft().email, select: flow.code.draft().select },
    onEmailDraft: (email: string) => flow.code.editDraft({ email }),
    onMethod: flow.login.chooseMethod,
    onCustomProvider: flow.oauth.start,
    onMore: flow.login.showOverflow,
  };
  if (screen.name === 'overflow')
    return (
      <OverflowScreen
        titleId={titleId}
        title={layout.overflowIsSocials ? en.otherSocials : header}
        slots={layout.overflow}
        {...slotProps}
      />
    );
  if (screen.name !== 'landing') return null;
  const termsUrl = config.legal?.termsAndConditionsUrl ?? app?.terms_and_conditions_url ?? null;
  const privacyUrl = config.legal?.privacyPolicyUrl ?? app?.privacy_policy_url ?? null;
  return (
    <LandingScreen
      titleId={titleId}
      header={header}
      logo={appearance?.logo ?? app?.logo_url ?? null}
      appName={app?.name ?? ''}
      // Login message cut to 100 characters (spec document 1 §5).
      loginMessage={appearance?.loginMessage?.slice(0, 100) ?? null}
      terms={(termsUrl || privacyUrl) && !app?.require_users_accept_terms ? { termsUrl, privacyUrl } : null}
      slots={layout.primary}
      {...slotProps}
    />
  );
}
