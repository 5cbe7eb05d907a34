import { readRecentLoginMethod } from '@latchkey/core/modal';
import { useState } from 'react';
import { en } from '../../copy/en.ts';
import type { AreaProps } from '../types.ts';
import { LandingScreen } from './LandingScreen.tsx';
import { landingContent } from './landingContent.ts';
import { OverflowScreen } from './OverflowScreen.tsx';

/** The landing screen and its overflow ('More options' / 'Other socials'). */
export default function LandingArea({ screen, flow, client, config, app, titleId }: AreaProps) {
  // Read once per visit: the 'Recent' chip does not move while the screen shows.
  const [recent] = useState(() => readRecentLoginMethod(client.appId));
  const content = landingContent(app, config);
  const { layout } = content;
  const slotProps = {
    recent,
    whatsapp: content.whatsapp,
    disallowPlus: content.disallowPlus,
    groupHasSocials: layout.groupHasSocials,
    onlyMethod: content.onlyMethod,
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
        title={layout.overflowIsSocials ? en.otherSocials : content.header}
        slots={layout.overflow}
        {...slotProps}
      />
    );
  if (screen.name !== 'landing') return null;
  return (
    <LandingScreen
      titleId={titleId}
      header={content.header}
      logo={content.logo}
      appName={content.appName}
      loginMessage={content.loginMessage}
      terms={content.terms}
      slots={layout.primary}
      {...slotProps}
    />
  );
}
