import type { LatchkeyClient, ModalRequest } from '@latchkey/core';
import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import type { createPortal } from 'react-dom';
import { fromIncumbentConfig } from '../config/fromIncumbentConfig.ts';
import type { LatchkeyEvents } from '../events.ts';
import type { LatchkeyConfig } from '../types.ts';
import { ModalFrame } from './ModalFrame.tsx';
import { ModalHost } from './ModalHost.tsx';
import { areaOfScreen, preloadAreas, useArea } from './registry.ts';
import { screenSize } from './screenSize.ts';
import { type ModalTheme, modalTheme } from './theme.ts';
import { useModalFlow } from './useModalFlow.ts';

export interface ModalShellProps {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  events: LatchkeyEvents;
  /** Null closes the dialog. */
  request: ModalRequest | null;
  onClose(): void;
  /** react-dom's `createPortal`, from the provider (ModalHost says why). */
  portal: typeof createPortal;
}

/**
 * The login modal: a native <dialog> with a back and a close button around one screen at a time, in
 * the shadow root of its `<latchkey-modal>` host (ModalHost), out of the page's CSS's reach.
 * Where a flow goes is the flow engine's business (`@latchkey/core/modal`); the screens come from
 * their area's chunk. Loaded with import() the first time a flow opens, so none of it is in the
 * host app's first load.
 */
export default function ModalShell(props: ModalShellProps) {
  const { client } = props;
  // The incumbent's names for our options (`loginMethodsAndOrder` …) in ours, once per config.
  const config = useMemo(() => fromIncumbentConfig(props.config), [props.config]);
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const theme = modalTheme(config.appearance, state.appConfig);
  return (
    <ModalHost theme={theme} portal={props.portal}>
      <ModalDialog {...props} config={config} theme={theme} />
    </ModalHost>
  );
}

/** The dialog and its flow, mounted once the host's shadow root exists. */
function ModalDialog({
  client,
  config,
  events,
  request,
  onClose,
  theme,
}: ModalShellProps & { theme: ModalTheme }) {
  const dialog = useRef<HTMLDialogElement>(null);
  /** Where a wallet flow's captcha widget renders (it shows only if the provider needs interaction). */
  const captchaHost = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const flow = useModalFlow({ client, config, events, onClose, captchaHost });
  const flowState = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  const requestRef = useRef(request);
  requestRef.current = request;

  // A new request starts its flow from the first screen, before anything paints.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request) {
      preloadAreas(request.intent);
      flow.open(request);
      if (!element.open) element.showModal();
    } else {
      flow.ended();
      if (element.open) element.close();
    }
  }, [request, flow]);

  // `closeMfaEnrollmentModal` and the like: closed as the user would close it.
  useEffect(
    () =>
      events.on('closeModal', (intent) => {
        if (requestRef.current?.intent === intent) flow.close();
      }),
    [events, flow],
  );

  const screen = flow.screen();
  const onAreaError = useCallback(
    (error: unknown) => {
      console.error('Latchkey failed to load a modal screen', error);
      flow.close();
    },
    [flow],
  );
  const Area = useArea(screen.name === 'loading' ? null : areaOfScreen(screen.name), onAreaError);
  const visit = flowState.navigation.visit;

  // Focus the screen's first field or its title whenever the screen changes (or its chunk arrives).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers (a new screen)
  useEffect(() => {
    const element = dialog.current;
    if (!element?.open) return;
    const target = element.querySelector<HTMLElement>('[data-lk-autofocus]') ?? element.querySelector('h2');
    target?.focus();
  }, [visit, state.ready, request, Area]);

  const app = state.appConfig;
  // Until the flow has taken the request on, nothing of the last one's screens may mount.
  const shown = request !== null && flowState.request?.id === request.id ? request : null;

  return (
    // Clicking the backdrop closes, as Escape (onCancel) does from the keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard equivalent, handled by onCancel
    <dialog
      ref={dialog}
      className="lk-modal"
      data-testid="lk-modal"
      data-theme={theme.scheme}
      data-size={screenSize(screen.name, app, config)}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        flow.close();
      }}
      onClose={() => {
        // Closed by the browser itself (a second Escape): settle the flow like any other close. The
        // event comes after the fact: a dialog shown again since (a request right after the last one
        // ended, such as the export screen after its MFA verification) was not closed by it.
        if (requestRef.current && !dialog.current?.open) flow.close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) flow.close();
      }}
    >
      {shown && (
        <ModalFrame
          flow={flow}
          client={client}
          config={config}
          app={app}
          request={shown}
          screen={screen}
          Area={Area}
          visit={visit}
          titleId={titleId}
          scheme={theme.scheme}
          captchaHost={captchaHost}
        />
      )}
    </dialog>
  );
}
