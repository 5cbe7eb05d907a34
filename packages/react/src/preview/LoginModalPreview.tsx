import type { AppResponse } from '@latchkey/protocol';
import { useId } from 'react';
import { createPortal } from 'react-dom';
import { fromIncumbentConfig } from '../config/fromIncumbentConfig.ts';
import { ModalChrome } from '../modal/ModalChrome.tsx';
import { ModalHost } from '../modal/ModalHost.tsx';
import { modalTheme } from '../modal/theme.ts';
import { LandingScreen } from '../screens/landing/LandingScreen.tsx';
import { landingContent } from '../screens/landing/landingContent.ts';
import { landingSize } from '../screens/landing/loginSlots.ts';
import type { LatchkeyConfig } from '../types.ts';

export interface LoginModalPreviewProps {
  /** The app's config as the server sends it (`GET /api/v1/apps/:app_id`), or a draft of it. */
  app: AppResponse;
  /** The host's config, whose `appearance` and `loginMethods` win over the app's, as in the modal. */
  config?: LatchkeyConfig;
  /** `data-testid` of the preview's host element. */
  testId?: string;
}

const nothing = () => undefined;
const emptyDraft = { value: '', select: false };

/**
 * The login modal's landing screen for an app's config, drawn in the page rather than opened: the
 * modal's own shell (`ModalChrome` in a `<dialog class="lk-modal">` in the same shadow-root host and
 * stylesheet), its landing screen with the methods in the order the modal derives them, its themes,
 * hex background, accent and logo. It needs no server and no client, and it is inert: a picture of
 * the modal, for a dashboard's appearance settings. Load it lazily
 * (`lazy(() => import('@latchkey/react/preview'))`): nothing of it is in `@latchkey/react`'s entry.
 *
 * @example
 * <LoginModalPreview app={appConfig} />
 */
export function LoginModalPreview({ app, config: given = {}, testId }: LoginModalPreviewProps) {
  const titleId = useId();
  // As in the modal: the incumbent's names for our options in ours.
  const config = fromIncumbentConfig(given);
  const theme = modalTheme(config.appearance, app);
  const content = landingContent(app, config);
  return (
    <ModalHost theme={theme} inline testId={testId} portal={createPortal}>
      <dialog
        open
        className="lk-modal"
        data-testid="lk-modal"
        data-theme={theme.scheme}
        data-size={landingSize(app, config)}
        aria-labelledby={titleId}
      >
        <ModalChrome onBack={null} onClose={nothing} slotKey="landing">
          <LandingScreen
            titleId={titleId}
            header={content.header}
            logo={content.logo}
            appName={content.appName}
            loginMessage={content.loginMessage}
            terms={content.terms}
            slots={content.layout.primary}
            recent={null}
            whatsapp={content.whatsapp}
            disallowPlus={content.disallowPlus}
            groupHasSocials={content.layout.groupHasSocials}
            onlyMethod={content.onlyMethod}
            onEmail={async () => undefined}
            emailDraft={emptyDraft}
            onEmailDraft={nothing}
            onMethod={nothing}
            onCustomProvider={nothing}
            onMore={nothing}
          />
        </ModalChrome>
      </dialog>
    </ModalHost>
  );
}
