import type { ModalIntent, ModalRequest } from '@latchkey/core';
// Not the barrel: see core/src/client.ts (what a barrel import adds to the first load).
import {
  clientErrorMessages,
  createLatchkeyClient,
  flowKind,
  LatchkeyClientError,
  setMfaModal,
} from '@latchkey/core/client';
import {
  type ComponentType,
  type ReactNode,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { createPortal } from 'react-dom';
import { createLatchkeyEvents, flowErrorEvent, type LatchkeyEventMap } from './events.ts';
import { usePageReturns } from './hooks/usePageReturns.ts';
import { LatchkeyContext, type LatchkeyContextValue, type ModalOptions } from './LatchkeyContext.ts';
import type { ModalShellProps } from './modal/ModalShell.tsx';
import { toClientUser } from './toClientUser.ts';
import type { JwtAuthFlowState, LatchkeyConfig } from './types.ts';

export interface LatchkeyProviderProps {
  /** The app id: exactly 25 characters. */
  appId: string;
  /**
   * Bare origin of the Latchkey server, e.g. `https://auth.example.com`. Optional in the type only so
   * that the incumbent's `PrivyProvider` props compile as they are (its `apiUrl` defaults to its
   * cloud): Latchkey has no default server, so without it the provider stays not ready,
   * `useLatchkey().error` is set and the console says to point `apiUrl` at your Latchkey server.
   */
  apiUrl?: string;
  clientId?: string;
  /** Latchkey's options, or the incumbent's `PrivyClientConfig` as it is (mapped, see `LatchkeyConfig`). */
  config?: LatchkeyConfig;
  children?: ReactNode;
}

// The modal and all its screens load on first use (or when the page is idle), never at first load.
const loadModal = () => import('./modal/ModalShell.tsx');

const noConfig: LatchkeyConfig = {};

/**
 * Gives its children the Latchkey client, the hooks and the login modal. Creates one client per
 * app id and server, initialises it in an effect (nothing runs during server rendering), and loads
 * the modal only when it is first needed.
 *
 * @example
 * <LatchkeyProvider appId="cm0abcdefghijklmnopqrstuv" apiUrl="https://auth.example.com">
 *   <App />
 * </LatchkeyProvider>
 */
export function LatchkeyProvider({
  appId,
  apiUrl = '',
  clientId,
  config: given,
  children,
}: LatchkeyProviderProps) {
  // The incumbent's names for our options are mapped where they are read, in the modal (lazy):
  // config/fromIncumbentConfig.ts.
  const config = given ?? noConfig;
  // `enabled: false` (the incumbent's switch) turns custom auth off.
  const customAuth = config.customAuth?.enabled === false ? undefined : config.customAuth;
  const customAuthRef = useRef(customAuth);
  customAuthRef.current = customAuth;
  const customAuthWaiters = useRef(new Set<() => void>());
  const hasCustomAuth = customAuth !== undefined;
  // Wallet chains are read once, when the client is created.
  const chains = useRef({ supportedChains: config.supportedChains, defaultChain: config.defaultChain });
  // So is the wallet frame's key idle window (it is in the frame's URL).
  const keyIdleSeconds = useRef(config.embeddedWallets?.keyIdleSeconds);

  const client = useMemo(
    () =>
      createLatchkeyClient({
        appId,
        apiUrl,
        clientId,
        supportedChains: chains.current.supportedChains,
        defaultChain: chains.current.defaultChain,
        walletKeyIdleSeconds: keyIdleSeconds.current,
        // While the app's own auth is loading, its token is unknown: wait rather than log out.
        getCustomAccessToken: hasCustomAuth
          ? async () => {
              while (customAuthRef.current?.isLoading) {
                await new Promise<void>((resolve) => customAuthWaiters.current.add(resolve));
              }
              return (await customAuthRef.current?.getCustomAccessToken()) ?? null;
            }
          : undefined,
      }),
    [appId, apiUrl, clientId, hasCustomAuth],
  );
  const events = useMemo(() => createLatchkeyEvents(), []);
  const { ready } = useSyncExternalStore(client.subscribe, client.getState, client.getState);

  const [Modal, setModal] = useState<ComponentType<ModalShellProps> | null>(null);
  const [request, setRequest] = useState<ModalRequest | null>(null);
  const requestCount = useRef(0);

  const mountModal = useCallback(
    () =>
      loadModal().then((module) => {
        setModal(() => module.default);
      }),
    [],
  );

  useEffect(() => {
    // A failure stays in the client's state (`useLatchkey().error`); the client has told the console why.
    client.initialize().catch(() => undefined);
  }, [client]);

  // Preload the modal once the page is idle, so the first login() opens it at once.
  useEffect(() => {
    if (!ready) return;
    const idle = globalThis.requestIdleCallback ?? ((fn: () => void) => setTimeout(fn, 1500));
    idle(() => {
      loadModal().catch(() => undefined);
    });
  }, [ready]);

  // The incumbent's options Latchkey does not support, told once per page: the module that checks the
  // config loads after the first render, for a provider given a config only.
  useEffect(() => {
    if (given)
      import('./config/unsupportedOptions.ts').then((m) => m.reportUnsupported(given), console.error);
  }, [given]);

  const isLoading = customAuth?.isLoading ?? false;
  const getCustomAccessToken = customAuth?.getCustomAccessToken;
  useEffect(() => {
    if (isLoading) return;
    for (const resolve of customAuthWaiters.current) resolve();
    customAuthWaiters.current.clear();
  }, [isLoading]);

  // `useCustomAuth`: where the custom-auth sync is, kept before its hooks hear of a change.
  const customAuthState = useRef<JwtAuthFlowState>({ status: 'initial' });
  const reportCustomAuth = useCallback(
    (update: LatchkeyEventMap['customAuth']) => {
      customAuthState.current = update.state;
      events.emit('customAuth', update);
    },
    [events],
  );

  // Custom-auth mode: re-sync whenever the app hands us a new token getter.
  useEffect(() => {
    if (!ready || isLoading || !getCustomAccessToken) return;
    // Custom auth's sync loads with its first use: apps without it never fetch it.
    // It reports its own failures; a chunk that failed to load is fetched again on the next sync.
    import('./customAuthSync.ts').then(
      (m) => m.syncCustomAuth(client, getCustomAccessToken, reportCustomAuth, events),
      console.error,
    );
  }, [client, ready, isLoading, getCustomAccessToken, reportCustomAuth, events]);

  const openModal = useCallback(
    (intent: ModalIntent, options: ModalOptions = {}) => {
      const state = client.getState();
      const user = state.user ? toClientUser(state.user) : null;
      if (intent === 'login' && state.ready && user) {
        // The spec's text for it ('Attempted to log in, but user is already logged in. Use a `link` helper instead.').
        console.warn('Latchkey:', clientErrorMessages.already_logged_in);
        events.emit('loginComplete', {
          user,
          isNewUser: false,
          wasAlreadyAuthenticated: true,
          loginMethod: null,
          loginAccount: null,
        });
        return;
      }
      // An embedded-wallet flow reports to the hook waiting on it, not through the events.
      const task = options.embeddedTask;
      if (intent !== 'login' && intent !== 'connect-wallet' && !user) {
        if (task) task.reject(new LatchkeyClientError('must_be_authenticated'));
        else events.emit(intent.startsWith('link') ? 'linkError' : 'updateError', 'must_be_authenticated');
        return;
      }
      if ((intent === 'update-email' && !user?.email) || (intent === 'update-phone' && !user?.phone)) {
        // Updating needs an existing account of that kind (spec document 1 §5).
        events.emit('updateError', 'failed_to_update_account');
        return;
      }
      if (!state.ready) client.initialize().catch(() => undefined);
      requestCount.current += 1;
      setRequest({ intent, id: requestCount.current, ...options });
      mountModal().catch((error: unknown) => {
        console.error('Latchkey failed to load the login modal', error);
        setRequest(null);
        if (task) {
          task.reject(error);
          return;
        }
        const kind = flowKind(intent);
        events.emit(flowErrorEvent[kind === 'embedded' ? 'update' : kind], 'unknown_auth_error');
      });
    },
    [client, events, mountModal],
  );

  // What the page came back with: a provider's return, a wallet's deep link (methods/).
  usePageReturns({ client, events, openModal }, ready);

  // An operation that needs an MFA code, with no app listener and no modal open (an open one shows the
  // verification over its flow): 'Verify your identity' on its own. (The incumbent's
  // `mfa.noPromptOnMfaRequired` needs no code: its apps register that listener, and then no modal opens.)
  useEffect(() => setMfaModal(client, () => openModal('mfa-verify')), [client, openModal]);

  // After a login the modal did not run (the headless hooks), the wallets `createOnLogin` asks for;
  // the module loads only then.
  const latestConfig = useRef(config);
  latestConfig.current = config;
  useEffect(
    () =>
      events.on('loggedIn', () =>
        import('./embedded/createOnLogin.ts').then(
          (m) => m.createWalletsOnLogin(client, latestConfig.current, openModal),
          console.error,
        ),
      ),
    [events, client, openModal],
  );

  const onClose = useCallback(() => setRequest(null), []);
  // `useModalStatus`: a request is on screen until the modal closes it.
  const modalOpen = useRef(false);
  useEffect(() => {
    if (modalOpen.current === (request !== null)) return;
    modalOpen.current = request !== null;
    events.emit('modalStatus', modalOpen.current);
  }, [request, events]);
  const isModalOpen = useCallback(() => modalOpen.current, []);
  const getCustomAuthState = useCallback(
    (): JwtAuthFlowState => (hasCustomAuth ? customAuthState.current : { status: 'not-enabled' }),
    [hasCustomAuth],
  );
  const value = useMemo<LatchkeyContextValue>(
    () => ({ client, config, events, openModal, isModalOpen, getCustomAuthState }),
    [client, config, events, openModal, isModalOpen, getCustomAuthState],
  );

  return (
    <LatchkeyContext.Provider value={value}>
      {children}
      {Modal && (
        <Modal
          client={client}
          config={config}
          events={events}
          request={request}
          onClose={onClose}
          portal={createPortal}
        />
      )}
    </LatchkeyContext.Provider>
  );
}
