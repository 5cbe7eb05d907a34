import type { LatchkeyClient, ModalRequest } from '@latchkey/core';
import type { ModalFlow, Screen } from '@latchkey/core/modal';
import type { AppResponse } from '@latchkey/protocol';
import type { Ref } from 'react';
import { LoadingScreen } from '../components/LoadingScreen.tsx';
import type { AreaComponent } from '../screens/types.ts';
import type { LatchkeyConfig } from '../types.ts';
import { ModalChrome } from './ModalChrome.tsx';

export interface ModalFrameProps {
  flow: ModalFlow;
  client: LatchkeyClient;
  config: LatchkeyConfig;
  app: AppResponse | null;
  request: ModalRequest;
  /** The screen to show ('loading' until the client is ready). */
  screen: Screen | { name: 'loading' };
  /** The screen's area, null while its chunk loads. */
  Area: AreaComponent | null;
  /** Grows on every navigation, so each visit mounts its screen afresh. */
  visit: number;
  titleId: string;
  scheme: 'light' | 'dark';
  /** Where a wallet flow's captcha widget renders. */
  captchaHost?: Ref<HTMLDivElement>;
}

/**
 * What the dialog shows: the back and close buttons around one screen. It holds no state of its own:
 * the shell (`ModalShell`) owns the dialog and the flow, and tests can render any screen in it. The
 * dialog around it takes its height (up to the spec's 620 or 480 px) and follows it smoothly; the
 * grab handle shows only on the bottom sheet.
 */
export function ModalFrame({
  flow,
  client,
  config,
  app,
  request,
  screen,
  Area,
  visit,
  titleId,
  scheme,
  captchaHost,
}: ModalFrameProps) {
  return (
    <ModalChrome
      onBack={flow.canGoBack() ? flow.back : null}
      onClose={screen.name !== 'embedded-creating' ? flow.close : null}
      slotKey={`${request.id}:${visit}`}
      captchaHost={captchaHost}
    >
      {screen.name === 'loading' || !Area ? (
        <LoadingScreen titleId={titleId} />
      ) : (
        <Area
          screen={screen}
          flow={flow}
          client={client}
          config={config}
          app={app}
          request={request}
          titleId={titleId}
          scheme={scheme}
        />
      )}
    </ModalChrome>
  );
}
