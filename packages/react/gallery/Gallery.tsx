import type { LatchkeyClient, ModalRequest } from '@latchkey/core';
import { retryAt, type Screen } from '@latchkey/core/modal';
import { useEffect, useId, useLayoutEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { createLatchkeyEvents } from '../src/events.ts';
import { LatchkeyContext, type LatchkeyContextValue } from '../src/LatchkeyContext.ts';
import { ModalFrame } from '../src/modal/ModalFrame.tsx';
import { ModalHost } from '../src/modal/ModalHost.tsx';
import { areaOfScreen, useArea } from '../src/modal/registry.ts';
import { screenSize } from '../src/modal/screenSize.ts';
import { type ModalTheme, modalTheme } from '../src/modal/theme.ts';
import { useModalFlow } from '../src/modal/useModalFlow.ts';
import type { LatchkeyConfig } from '../src/types.ts';
import type { GalleryEntry } from './entries.ts';

/** The appearances each entry is shown in: the two schemes, and a custom accent the modal must adapt. */
export const galleryThemes = {
  light: { theme: 'light' },
  dark: { theme: 'dark' },
  accent: { theme: 'light', accentColor: '#f2c94c' },
} as const satisfies Record<string, LatchkeyConfig['appearance']>;
export type GalleryTheme = keyof typeof galleryThemes;

export interface GalleryProps {
  client: LatchkeyClient;
  entry: GalleryEntry;
  theme: GalleryTheme;
  /** Grows with each showing, so every screen is a fresh request (and mounts afresh). */
  requestId: number;
  /** Called once the entry's screen has rendered in the dialog. */
  onShown(): void;
}

/**
 * One gallery entry in the modal's own chrome: the `<dialog class="lk-modal">` the shell builds in
 * the same shadow-root host (`ModalHost`: its theme and stylesheet), its size from the same helper,
 * `ModalFrame` with the entry's screen from its area's chunk, and a real modal flow opened with the
 * entry's request. The flow's own screen is its start screen; the frame shows the entry's instead,
 * which is what makes any screen reachable.
 */
export function Gallery(props: GalleryProps) {
  const { client, entry, theme } = props;
  const config: LatchkeyConfig = useMemo(
    () => ({ ...entry.config, appearance: { ...entry.config?.appearance, ...galleryThemes[theme] } }),
    [entry, theme],
  );
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const modal = modalTheme(config.appearance, state.appConfig);
  return (
    <ModalHost theme={modal} portal={createPortal}>
      <GalleryDialog {...props} config={config} modal={modal} />
    </ModalHost>
  );
}

function GalleryDialog({
  client,
  entry,
  requestId,
  onShown,
  config,
  modal,
}: GalleryProps & { config: LatchkeyConfig; modal: ModalTheme }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const captchaHost = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const events = useMemo(() => createLatchkeyEvents(), []);
  // The gallery stays on its screen whatever the user does: closing only ends the flow.
  const flow = useModalFlow({ client, config, events, onClose: () => undefined, captchaHost });
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const request: ModalRequest = useMemo(
    () => ({ intent: 'login', ...entry.request, id: requestId }),
    [entry, requestId],
  );
  // An error screen learns when its limit ends as the flow's does (from the 429's wait), when the
  // error happens: here at each showing (each mounts afresh), so the countdown shows the whole wait.
  const screen: Screen = useMemo(
    () =>
      entry.screen.name === 'error'
        ? { ...entry.screen, retryAt: retryAt(entry.screen.error) }
        : entry.screen,
    [entry],
  );

  useLayoutEffect(() => {
    const undo = entry.prepare?.(client);
    flow.open(request);
    if (!dialog.current?.open) dialog.current?.showModal();
    return () => {
      undo?.();
      flow.ended();
    };
  }, [client, entry, flow, request]);

  const Area = useArea(areaOfScreen(screen.name), (error) => console.error('gallery: no area chunk', error));
  const flowState = useSyncExternalStore(flow.subscribe, flow.getState, flow.getState);
  const shown = flowState.request?.id === request.id && state.ready && Area !== null;
  useEffect(() => {
    if (shown) onShown();
  }, [shown, onShown]);

  const app = state.appConfig;
  // The screens' wallet picker reads the provider's context; the gallery has no provider around it.
  const context: LatchkeyContextValue = useMemo(
    () => ({
      client,
      config,
      events,
      openModal: () => undefined,
      isModalOpen: () => false,
      getCustomAuthState: () => ({ status: 'not-enabled' }),
    }),
    [client, config, events],
  );
  return (
    <LatchkeyContext.Provider value={context}>
      <dialog
        ref={dialog}
        className="lk-modal"
        data-testid="lk-modal"
        data-theme={modal.scheme}
        data-size={screenSize(screen.name, app, config)}
        data-lk-gallery={entry.id}
        aria-labelledby={titleId}
        onCancel={(event) => event.preventDefault()}
      >
        {shown && (
          <ModalFrame
            flow={flow}
            client={client}
            config={config}
            app={app}
            request={request}
            screen={screen}
            Area={Area}
            visit={0}
            titleId={titleId}
            scheme={modal.scheme}
            captchaHost={captchaHost}
          />
        )}
      </dialog>
    </LatchkeyContext.Provider>
  );
}
