import {
  accountTransferRequired,
  LatchkeyApiError,
  type LatchkeyClient,
  LatchkeyClientError,
  type LoginResult,
  type TransferAccount,
  type WalletConnectionEvent,
} from '@latchkey/core';
import type { User } from '@latchkey/protocol';
import {
  type CSSProperties,
  type ReactNode,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { en } from '../copy/en.ts';
import type { EmbeddedModalTask } from '../embedded/modalTask.ts';
import { useEmbeddedFlows } from '../embedded/useEmbeddedFlows.tsx';
import type { LatchkeyEvents } from '../events.ts';
import type { ExportWalletTarget } from '../hooks/useExportWallet.ts';
import { SigningFlow } from '../signing/SigningFlow.tsx';
import { signingStore } from '../signing/store.ts';
import { toClientUser } from '../toClientUser.ts';
import type { LatchkeyConfig, LoginMethod, ModalIntent, WalletChainTypeOption } from '../types.ts';
import { toConnectedWallet } from '../wallets/connectedWallets.ts';
import { useWalletManager } from '../wallets/useWalletManager.ts';
import { captchaSettings, runCaptcha } from './captcha.ts';
import type { CodeSubmitResult } from './components/CodeInput.tsx';
import { codeEntryError, errorCode, errorScreen } from './errorScreens.ts';
import { enabledLoginMethods, landingLayout } from './loginSlots.ts';
import { currentMobilePlatform } from './mobile.ts';
import {
  type CodeTarget,
  canGoBack,
  navigationReducer,
  type Screen,
  screenSize,
  startScreen,
} from './navigation.ts';
import { readRecentLoginMethod, saveRecentLoginMethod } from './recentLoginMethod.ts';
import { AccountNotFoundScreen } from './screens/AccountNotFoundScreen.tsx';
import { AllowlistScreen } from './screens/AllowlistScreen.tsx';
import { CaptchaScreen } from './screens/CaptchaScreen.tsx';
import { CodeScreen } from './screens/CodeScreen.tsx';
import { EmailScreen } from './screens/EmailScreen.tsx';
import { ErrorScreen } from './screens/ErrorScreen.tsx';
import { ExportWalletScreen } from './screens/ExportWalletScreen.tsx';
import { LandingScreen } from './screens/LandingScreen.tsx';
import { LinkEmailScreen } from './screens/LinkEmailScreen.tsx';
import { LinkPhoneScreen } from './screens/LinkPhoneScreen.tsx';
import { LoadingScreen } from './screens/LoadingScreen.tsx';
import { OverflowScreen } from './screens/OverflowScreen.tsx';
import { PhoneScreen } from './screens/PhoneScreen.tsx';
import { SuccessScreen } from './screens/SuccessScreen.tsx';
import { TermsScreen } from './screens/TermsScreen.tsx';
import { TransferScreen } from './screens/TransferScreen.tsx';
import { UpdateEmailScreen } from './screens/UpdateEmailScreen.tsx';
import { UpdatePhoneScreen } from './screens/UpdatePhoneScreen.tsx';
import { UserLimitScreen } from './screens/UserLimitScreen.tsx';
import { WalletConnectingScreen } from './screens/WalletConnectingScreen.tsx';
import { WalletInstallScreen } from './screens/WalletInstallScreen.tsx';
import { WalletLedgerScreen } from './screens/WalletLedgerScreen.tsx';
import { WalletNetworkScreen } from './screens/WalletNetworkScreen.tsx';
import { WalletRedirectScreen } from './screens/WalletRedirectScreen.tsx';
import { WalletsScreen } from './screens/WalletsScreen.tsx';
import { injectModalStyles } from './styles.ts';
import { modalTheme, relativeLuminance } from './theme.ts';
import { type PickerWallet, pickerChains, pickerWallets, walletReturnUrl } from './wallets.ts';

/** Timeouts that die with the flow: cleared on close, on a new request and on unmount. */
function createTimers() {
  const pending = new Set<ReturnType<typeof setTimeout>>();
  return {
    later(ms: number, fn: () => void) {
      const timer = setTimeout(() => {
        pending.delete(timer);
        fn();
      }, ms);
      pending.add(timer);
    },
    clear() {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    },
  };
}

export interface ModalRequest {
  intent: ModalIntent;
  /** A new id reopens the modal at the flow's first screen. */
  id: number;
  /** Wallet picker: which chains to offer. */
  walletChainType?: WalletChainTypeOption | undefined;
  /** Wallet deep link: connect this client type at once. */
  walletClient?: string | null | undefined;
  /** Embedded-wallet flows: the hook's promise, settled when the flow ends. */
  embeddedTask?: EmbeddedModalTask | undefined;
  /** `export-wallet`: the embedded wallet whose key the export screen shows. */
  exportWallet?: ExportWalletTarget | undefined;
}

export interface LatchkeyModalProps {
  client: LatchkeyClient;
  config: LatchkeyConfig;
  events: LatchkeyEvents;
  /** Null closes the dialog. */
  request: ModalRequest | null;
  onClose(): void;
}

/** After login: the terms gate opens after 900 ms, success closes after 1400 ms (spec document 1 §4 After login). */
export const termsDelayMs = 900;
export const successCloseMs = 1400;
/** An account transfer's success closes after 1 s (spec document 1 §4 Account transfer). */
export const transferCloseMs = 1000;
/** 'Welcome' / 'All set!' after the login's wallets were created closes after 2500 ms (spec document 1 §2). */
export const walletCreatedCloseMs = 2500;

/** 'embedded': a hook's embedded-wallet flow, which reports to that hook's promise, not as an event. */
type FlowKind = 'login' | 'link' | 'update' | 'connect' | 'embedded';
const flowKind = (intent: ModalIntent): FlowKind =>
  intent === 'login'
    ? 'login'
    : intent === 'connect-wallet'
      ? 'connect'
      : intent === 'recover-wallet' ||
          intent === 'set-wallet-password' ||
          intent === 'create-wallet' ||
          intent === 'signing' ||
          intent === 'export-wallet'
        ? 'embedded'
        : intent.startsWith('link')
          ? 'link'
          : 'update';
const errorEvent = {
  login: 'loginError',
  link: 'linkError',
  update: 'updateError',
  connect: 'connectWalletError',
} as const;
const exitedCode = {
  login: 'exited_auth_flow',
  link: 'exited_link_flow',
  update: 'exited_update_flow',
  connect: 'exited_auth_flow',
} as const;
type AuthMethod = 'email' | 'sms' | 'siwe' | 'siws';
const isWalletScreen = (name: string) => name === 'wallets' || name.startsWith('wallet-');
const methodOf = (target: CodeTarget) => (target.kind === 'email' ? 'email' : 'sms');

/**
 * The login modal: a native <dialog> holding one screen at a time. Loaded with import() the first
 * time a flow opens, so none of it is in the host app's first load.
 */
export default function LatchkeyModal({ client, config, events, request, onClose }: LatchkeyModalProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  /** Where a wallet flow's captcha widget renders (it shows only if the provider needs interaction). */
  const captchaHost = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const state = useSyncExternalStore(client.subscribe, client.getState, client.getState);
  const app = state.appConfig;
  const [nav, navigate] = useReducer(navigationReducer, { stack: [{ name: 'landing' }], visit: 0 });
  const [active, setActive] = useState<ModalRequest>({ intent: 'login', id: 0 });
  const timers = useMemo(createTimers, []);
  /** The flow has reported its outcome (success, or an exit); closing must not report again. */
  const reported = useRef(false);
  /** A login waiting on the terms gate. */
  const pendingLogin = useRef<{ isNewUser: boolean; method: AuthMethod } | null>(null);
  /** The request id whose deep-linked wallet was already selected (once per request). */
  const deepLinkUsed = useRef(-1);
  const requestRef = useRef(request);
  requestRef.current = request;

  // A new request starts its flow from the first screen, before anything paints.
  if (request && request.id !== active.id) {
    setActive(request);
    navigate({
      type: 'reset',
      screen: request.walletClient
        ? { name: 'wallets' }
        : request.embeddedTask?.askCurrentPassword
          ? { name: 'current-password' }
          : startScreen(request.intent),
    });
  }
  const kind = flowKind(active.intent);
  const embedded = useEmbeddedFlows({ client, config, app, request, navigate, close });

  useEffect(() => timers.clear, [timers]);

  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (request) {
      injectModalStyles();
      reported.current = false;
      pendingLogin.current = null;
      timers.clear();
      if (!element.open) element.showModal();
    } else if (element.open) {
      timers.clear();
      element.close();
    }
  }, [request, timers]);

  // Focus the screen's first field or its title whenever the screen changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the dependencies are the triggers (a new screen)
  useEffect(() => {
    const element = dialog.current;
    if (!element?.open) return;
    const target = element.querySelector<HTMLElement>('[data-lk-autofocus]') ?? element.querySelector('h2');
    target?.focus();
  }, [nav.visit, state.ready, request]);

  const emitError = (code: string) => {
    if (kind !== 'embedded') events.emit(errorEvent[kind], code);
  };

  function close() {
    // Wallets being created cannot be left half-made: the modal stays until creation ends.
    if (nav.stack.at(-1)?.name === 'embedded-creating') return;
    embedded.exit();
    // Closing refuses every signing request still waiting (4001 'The user rejected the request.').
    if (active.intent === 'signing') signingStore(client).dismissAll();
    if (!reported.current) {
      reported.current = true;
      // Leaving the terms gate (or a login's wallet password) declines it: the login is undone.
      if (pendingLogin.current) client.logout().catch(() => undefined);
      pendingLogin.current = null;
      if (kind !== 'embedded') emitError(exitedCode[kind]);
    }
    timers.clear();
    onClose();
  }

  // Opened before `ready`, and the restored session turned out to be logged in.
  useEffect(() => {
    if (request?.intent !== 'login' || !state.ready || !state.user || reported.current) return;
    if (nav.stack.at(-1)?.name !== 'landing') return;
    reported.current = true;
    const user = toClientUser(state.user);
    events.emit('loginComplete', {
      user,
      isNewUser: false,
      wasAlreadyAuthenticated: true,
      loginMethod: null,
    });
    onClose();
  }, [request, state.ready, state.user, nav.stack, events, onClose]);

  function showError(error: unknown) {
    emitError(errorCode(error));
    navigate({ type: 'push', screen: errorScreen(error, app) });
  }

  function captchaEnabled(): boolean {
    try {
      return captchaSettings(app) !== null;
    } catch {
      return true; // the captcha screen shows 'Unsupported captcha site key'
    }
  }

  /** Sends a code; on success opens the code screen ('push' / 'replace') or stays ('stay'). */
  async function send(
    target: CodeTarget,
    captchaToken: string | undefined,
    mode: 'push' | 'replace' | 'stay',
  ) {
    try {
      if (target.kind === 'email') await client.email.sendCode({ email: target.address, captchaToken });
      else await client.sms.sendCode({ phoneNumber: target.phoneNumber, captchaToken });
    } catch (error) {
      showError(error);
      return false;
    }
    if (mode !== 'stay') navigate({ type: mode, screen: { name: 'code', target } });
    return true;
  }

  /** Sends a code, through the captcha screen when the app enables captcha. */
  async function startSend(target: CodeTarget, mode: 'push' | 'replace' | 'stay'): Promise<boolean> {
    if (captchaEnabled()) {
      navigate({ type: mode === 'push' ? 'push' : 'replace', screen: { name: 'captcha', target } });
      return false;
    }
    return send(target, undefined, mode);
  }

  /** `stay` keeps the current screen (a wallet's 'Successfully connected with …') until the close. */
  function finishWithSuccess(stay = false, closeAfterMs = successCloseMs) {
    reported.current = true;
    if (!stay) navigate({ type: 'replace', screen: { name: 'success' } });
    timers.later(closeAfterMs, onClose);
  }

  /** A link refused because another user holds the account: offers the transfer screen. */
  function offerTransfer(error: unknown, account: TransferAccount, method: AuthMethod): boolean {
    const transfer = kind === 'link' ? accountTransferRequired(error) : null;
    if (!transfer) return false;
    navigate({ type: 'push', screen: { name: 'transfer', account, transfer, method } });
    return true;
  }

  function completeLogin(
    user: User,
    isNewUser: boolean,
    method: AuthMethod,
    stay = false,
    walletDelayMs = termsDelayMs,
  ) {
    // A wallet to create first (spec document 1 §4 After login): the login completes after it.
    const chains = embedded.walletsToCreate(user);
    if (chains.length > 0) {
      pendingLogin.current = { isNewUser, method };
      timers.later(walletDelayMs, () =>
        embedded.createAfterLogin({
          chains,
          isNewUser,
          onCreated: (created) => {
            reportLogin(created ?? user, isNewUser, method);
            finishWithSuccess(true, walletCreatedCloseMs);
          },
          onFailed: (error) => {
            pendingLogin.current = null;
            emitError(errorCode(error));
          },
        }),
      );
      return;
    }
    reportLogin(user, isNewUser, method);
    finishWithSuccess(stay);
  }

  function reportLogin(user: User, isNewUser: boolean, method: AuthMethod) {
    pendingLogin.current = null;
    events.emit('loginComplete', {
      user: toClientUser(user),
      isNewUser,
      wasAlreadyAuthenticated: false,
      loginMethod: method,
    });
  }

  function afterLogin({ user, isNewUser }: LoginResult, method: AuthMethod, stay = false) {
    saveRecentLoginMethod(client.appId, method === 'siwe' || method === 'siws' ? 'wallet' : method);
    if (app?.require_users_accept_terms && !user.has_accepted_terms) {
      pendingLogin.current = { isNewUser, method };
      timers.later(termsDelayMs, () => navigate({ type: 'replace', screen: { name: 'terms' } }));
      return;
    }
    completeLogin(user, isNewUser, method, stay);
  }

  async function submitCode(target: CodeTarget, code: string): Promise<CodeSubmitResult> {
    try {
      if (kind === 'login') {
        const result =
          target.kind === 'email'
            ? await client.email.loginWithCode({ email: target.address, code })
            : await client.sms.loginWithCode({ phoneNumber: target.phoneNumber, code });
        afterLogin(result, methodOf(target));
        return 'ok';
      }
      const current = state.user ? toClientUser(state.user) : null;
      let user: User;
      if (kind === 'link') {
        user =
          target.kind === 'email'
            ? await client.email.linkWithCode({ email: target.address, code })
            : await client.sms.linkWithCode({ phoneNumber: target.phoneNumber, code });
      } else if (target.kind === 'email') {
        user = await client.email.updateEmail({
          oldAddress: current?.email?.address ?? '',
          newAddress: target.address,
          code,
        });
      } else {
        user = await client.sms.updatePhone({
          oldPhoneNumber: current?.phone?.number ?? '',
          newPhoneNumber: target.phoneNumber,
          code,
        });
      }
      events.emit(kind === 'link' ? 'linkSuccess' : 'updateSuccess', {
        user: toClientUser(user),
        method: methodOf(target),
      });
      finishWithSuccess();
      return 'left';
    } catch (error) {
      const message = codeEntryError(error);
      if (message) return { message };
      const account: TransferAccount =
        target.kind === 'email'
          ? { type: 'email', address: target.address }
          : { type: 'phone', phoneNumber: target.phoneNumber };
      if (!offerTransfer(error, account, methodOf(target))) showError(error);
      return 'left';
    }
  }

  const appearance = config.appearance;
  const theme = modalTheme(appearance, app);
  const methods = enabledLoginMethods(app, config.loginMethods);
  const layout = landingLayout({
    methods,
    priority: appearance?.loginGroupPriority ?? (app?.show_wallet_login_first ? 'web3-first' : 'web2-first'),
    hideDirectWeb2Inputs: appearance?.hideDirectWeb2Inputs,
  });
  const recent = useMemo(() => (active.id ? readRecentLoginMethod(client.appId) : null), [client, active.id]);
  const header = appearance?.landingHeader ?? en.landingHeader;
  const termsUrl = config.legal?.termsAndConditionsUrl ?? app?.terms_and_conditions_url ?? null;
  const privacyUrl = config.legal?.privacyPolicyUrl ?? app?.privacy_policy_url ?? null;
  const disallowPlus = app?.disable_plus_emails ?? false;
  const defaultCountry = config.intl?.defaultCountry;
  const restart = () => navigate({ type: 'reset', screen: startScreen(active.intent) });
  const back = () => navigate({ type: 'back' });

  const onEmail = async (address: string) => {
    await startSend({ kind: 'email', address }, 'push');
  };
  const onPhone = async (phoneNumber: string) => {
    await startSend({ kind: 'sms', phoneNumber }, 'push');
  };
  const onMethod = (method: LoginMethod) => {
    if (method === 'email') navigate({ type: 'push', screen: { name: 'email' } });
    else if (method === 'sms') navigate({ type: 'push', screen: { name: 'phone' } });
    else if (method === 'wallet') navigate({ type: 'push', screen: { name: 'wallets' } });
    // Social, passkey, Farcaster and Telegram logins come in later releases.
    else
      showError(new LatchkeyClientError('unknown_auth_error', `Login with ${method} is not available yet`));
  };
  const slotProps = {
    recent,
    whatsapp: app?.whatsapp_enabled ?? false,
    disallowPlus,
    groupHasSocials: layout.groupHasSocials,
    onEmail,
    onMethod,
    onMore: () => navigate({ type: 'push', screen: { name: 'overflow' } }),
  };

  const screen: Screen | { name: 'loading' } = state.ready
    ? (nav.stack.at(-1) ?? { name: 'landing' })
    : { name: 'loading' };

  // The wallet code loads only once a wallet screen opens.
  const wallets = useWalletManager(request !== null && nav.stack.some((s) => isWalletScreen(s.name)));
  const allowedChains = pickerChains(active.walletChainType ?? appearance?.walletChainType, app);
  const pickerRows = pickerWallets(wallets.state, allowedChains);
  const rowById = (id: string): PickerWallet | undefined => pickerRows.find((w) => w.id === id);

  function connectChain(wallet: PickerWallet, chainType: 'ethereum' | 'solana', mode: 'push' | 'replace') {
    const screenName =
      chainType === 'solana' && wallet.walletClientType === 'phantom' ? 'wallet-ledger' : 'wallet-connecting';
    navigate({
      type: mode,
      screen:
        screenName === 'wallet-ledger'
          ? { name: 'wallet-ledger', walletId: wallet.id }
          : { name: 'wallet-connecting', walletId: wallet.id, chainType },
    });
  }

  function selectWallet(wallet: PickerWallet) {
    deepLinkUsed.current = active.id;
    // Not in this browser: on a phone its app opens this page in its own browser; else install it.
    if (!wallet.installed) {
      const name = wallet.mobile && currentMobilePlatform() ? 'wallet-redirect' : 'wallet-install';
      navigate({ type: 'push', screen: { name, walletId: wallet.id } });
    } else if (wallet.chains.length > 1)
      navigate({ type: 'push', screen: { name: 'wallet-network', walletId: wallet.id } });
    else connectChain(wallet, wallet.chains[0] ?? 'ethereum', 'push');
  }

  /**
   * A fresh captcha token for one wallet sign-in attempt, or undefined when the app has no captcha.
   * Run per attempt rather than on a screen before it: providers' tokens are single-use, and a
   * Retry after a refused signature needs a new one.
   */
  async function walletCaptcha(): Promise<string | undefined> {
    const settings = captchaSettings(app); // an unsupported key throws 'Unsupported captcha site key'
    if (!settings || !captchaHost.current) return undefined;
    try {
      return await runCaptcha(captchaHost.current, settings);
    } catch (error) {
      const screen = errorScreen(error, app);
      throw new Error(screen.name === 'error' && screen.detail ? screen.detail : en.captchaFailure);
    }
  }

  /** One connection attempt: connect, then log in, link, or stop there (connect-only). */
  async function runWallet(
    walletId: string,
    chainType: 'ethereum' | 'solana',
    dispatch: (event: WalletConnectionEvent) => void,
  ) {
    const manager = await client.wallets();
    dispatch({ type: 'connect' });
    const connection = await manager.connect(walletId, chainType, {
      onSwitching: () => dispatch({ type: 'switch-chain' }),
    });
    events.emit('walletConnected', { address: connection.address, chainType });
    dispatch({ type: 'connected' });
    const method = chainType === 'ethereum' ? 'siwe' : 'siws';
    if (kind === 'connect') {
      dispatch({ type: 'signed' });
      events.emit('connectWalletSuccess', {
        wallet: toConnectedWallet(client, manager, connection, false),
      });
      finishWithSuccess(true);
      return;
    }
    const onStatus = (status: string) => {
      if (status === 'submitting-signature') dispatch({ type: 'sign' });
    };
    const options = { loginMessage: appearance?.loginMessage, onStatus, captchaToken: await walletCaptcha() };
    try {
      if (kind === 'login') {
        const result = await manager.login(connection.address, options);
        dispatch({ type: 'signed' });
        afterLogin(result, method, true);
      } else {
        const user = await manager.link(connection.address, options);
        dispatch({ type: 'signed' });
        events.emit('linkSuccess', { user: toClientUser(user), method });
        finishWithSuccess(true);
      }
    } catch (error) {
      const account: TransferAccount = {
        type: 'wallet',
        chainType,
        address: connection.address,
        chainId: connection.chainId,
        walletClientType: connection.walletClientType,
        connectorType: connection.connectorType,
      };
      if (offerTransfer(error, account, method)) return;
      // Server refusals (allowlist, linked elsewhere, limits) get their own screens.
      if (error instanceof LatchkeyApiError) {
        showError(error);
        return;
      }
      throw error;
    }
  }

  function renderScreen(): ReactNode {
    switch (screen.name) {
      case 'loading':
        return <LoadingScreen titleId={titleId} />;
      case 'landing':
        return (
          <LandingScreen
            titleId={titleId}
            header={header}
            logo={appearance?.logo ?? app?.logo_url ?? null}
            appName={app?.name ?? ''}
            // Login message cut to 100 characters (spec document 1 §5).
            loginMessage={appearance?.loginMessage?.slice(0, 100) ?? null}
            terms={
              (termsUrl || privacyUrl) && !app?.require_users_accept_terms ? { termsUrl, privacyUrl } : null
            }
            slots={layout.primary}
            {...slotProps}
          />
        );
      case 'overflow':
        return (
          <OverflowScreen
            titleId={titleId}
            title={layout.overflowIsSocials ? en.otherSocials : header}
            slots={layout.overflow}
            {...slotProps}
          />
        );
      case 'email':
        return (
          <EmailScreen titleId={titleId} title={header} disallowPlus={disallowPlus} onSubmit={onEmail} />
        );
      case 'phone':
        return (
          <PhoneScreen titleId={titleId} title={header} defaultCountry={defaultCountry} onSubmit={onPhone} />
        );
      case 'link-email':
        return <LinkEmailScreen titleId={titleId} disallowPlus={disallowPlus} onSubmit={onEmail} />;
      case 'update-email':
        return (
          <UpdateEmailScreen
            titleId={titleId}
            current={state.user ? (toClientUser(state.user).email?.address ?? '') : ''}
            disallowPlus={disallowPlus}
            onSubmit={onEmail}
          />
        );
      case 'link-phone':
        return <LinkPhoneScreen titleId={titleId} defaultCountry={defaultCountry} onSubmit={onPhone} />;
      case 'update-phone':
        return (
          <UpdatePhoneScreen
            titleId={titleId}
            current={state.user ? (toClientUser(state.user).phone?.number ?? '') : ''}
            defaultCountry={defaultCountry}
            onSubmit={onPhone}
          />
        );
      case 'captcha': {
        let settings: ReturnType<typeof captchaSettings> | Error;
        try {
          settings = captchaSettings(app);
        } catch (error) {
          settings = error as Error;
        }
        const target = screen.target;
        if (!settings) return null;
        return (
          <CaptchaScreen
            titleId={titleId}
            settings={settings}
            onToken={async (token) => {
              await send(target, token, 'replace');
            }}
          />
        );
      }
      case 'code': {
        const target = screen.target;
        return (
          <CodeScreen
            titleId={titleId}
            target={target}
            onSubmit={(code) => submitCode(target, code)}
            onResend={() => startSend(target, 'stay')}
          />
        );
      }
      case 'wallets':
        return (
          <WalletsScreen
            titleId={titleId}
            wallets={pickerRows}
            ready={wallets.state.ready}
            onSelect={selectWallet}
            autoSelect={deepLinkUsed.current === active.id ? null : active.walletClient}
          />
        );
      case 'wallet-network': {
        const wallet = rowById(screen.walletId);
        if (!wallet) return null;
        return (
          <WalletNetworkScreen
            titleId={titleId}
            walletName={wallet.name}
            onSelect={(chainType) => connectChain(wallet, chainType, 'push')}
          />
        );
      }
      case 'wallet-ledger': {
        const wallet = rowById(screen.walletId);
        if (!wallet) return null;
        // With or without a Ledger, Phantom signs the login message the same way here.
        return (
          <WalletLedgerScreen
            titleId={titleId}
            onChoose={() =>
              navigate({
                type: 'replace',
                screen: { name: 'wallet-connecting', walletId: wallet.id, chainType: 'solana' },
              })
            }
          />
        );
      }
      case 'wallet-install': {
        const wallet = rowById(screen.walletId);
        return (
          <WalletInstallScreen
            titleId={titleId}
            walletName={wallet?.name ?? screen.walletId}
            installUrl={wallet?.installUrl ?? null}
          />
        );
      }
      case 'wallet-redirect': {
        const wallet = rowById(screen.walletId);
        const platform = currentMobilePlatform();
        if (!wallet?.mobile || !platform) return null;
        // The page reopened in the wallet's browser selects the wallet there (privy_wallet_client).
        const pageUrl = walletReturnUrl(location.href, wallet.walletClientType, kind === 'connect');
        return (
          <WalletRedirectScreen
            titleId={titleId}
            walletName={wallet.name}
            deepLink={wallet.mobile.deepLink(pageUrl)}
            platform={platform}
            storeUrl={platform === 'ios' ? wallet.mobile.appStoreUrl : wallet.mobile.playStoreUrl}
          />
        );
      }
      case 'wallet-connecting': {
        const { walletId, chainType } = screen;
        const wallet = rowById(walletId);
        return (
          <WalletConnectingScreen
            titleId={titleId}
            walletName={wallet?.name ?? walletId}
            walletIcon={wallet?.icon ?? ''}
            run={(dispatch) => runWallet(walletId, chainType, dispatch)}
            onDifferentWallet={() => {
              const stack = nav.stack;
              const picker = stack.findIndex((s) => s.name === 'wallets');
              const steps = picker >= 0 ? stack.length - 1 - picker : 0;
              for (let i = 0; i < steps; i += 1) navigate({ type: 'back' });
            }}
          />
        );
      }
      case 'transfer': {
        const { account, transfer, method } = screen;
        return (
          <TransferScreen
            titleId={titleId}
            method={method === 'email' ? en.methodEmail : method === 'sms' ? en.methodPhone : en.methodWallet}
            displayName={transfer.displayName}
            embeddedWalletAddress={transfer.embeddedWalletAddress}
            onTransfer={async () => {
              try {
                const user = await client.transferAccount({ account, nonce: transfer.nonce });
                events.emit('linkSuccess', { user: toClientUser(user), method });
                finishWithSuccess(false, transferCloseMs);
              } catch (error) {
                showError(error);
              }
            }}
            onDecline={() => {
              // Declining leaves the account with the other user: the link ends as refused.
              reported.current = true;
              emitError('linked_to_another_user');
              close();
            }}
          />
        );
      }
      case 'terms':
        return (
          <TermsScreen
            titleId={titleId}
            termsUrl={termsUrl}
            privacyUrl={privacyUrl}
            onAccept={async () => {
              const pending = pendingLogin.current;
              try {
                const user = await client.acceptTerms();
                completeLogin(user, pending?.isNewUser ?? false, pending?.method ?? 'email', false, 0);
              } catch (error) {
                showError(error);
              }
            }}
            onDecline={async () => {
              await client.logout().catch(() => undefined);
              pendingLogin.current = null;
              close();
            }}
          />
        );
      case 'success':
        return <SuccessScreen titleId={titleId} />;
      case 'signing':
        return <SigningFlow client={client} titleId={titleId} onClose={close} />;
      case 'export-wallet':
        if (!active.exportWallet) return null;
        return (
          <ExportWalletScreen
            titleId={titleId}
            client={client}
            wallet={active.exportWallet}
            scheme={theme.scheme}
          />
        );
      case 'embedded-creating':
      case 'embedded-created':
      case 'recover-password':
      case 'current-password':
      case 'set-password':
      case 'set-password-save':
      case 'set-password-confirm':
      case 'set-password-acknowledge':
      case 'set-password-result':
        return embedded.render(screen, titleId);
      case 'allowlist':
        return <AllowlistScreen titleId={titleId} {...screen} onTryAnother={restart} />;
      case 'user-limit':
        return <UserLimitScreen titleId={titleId} title={screen.title} detail={screen.detail} />;
      case 'account-not-found':
        return (
          <AccountNotFoundScreen titleId={titleId} title={screen.title} cta={screen.cta} onRetry={restart} />
        );
      case 'error':
        return (
          <ErrorScreen
            titleId={titleId}
            title={screen.title}
            detail={screen.detail}
            cta={screen.cta}
            onAction={screen.action === 'restart' ? restart : back}
          />
        );
    }
  }

  const style: Record<string, string> = {};
  if (theme.background) style['--lk-bg'] = theme.background;
  if (theme.accent) {
    style['--lk-accent'] = theme.accent;
    style['--lk-accent-fg'] = relativeLuminance(theme.accent) > 0.179 ? '#111827' : '#ffffff';
  }
  const slotCount = screen.name === 'overflow' ? layout.overflow.length : layout.primary.length;

  return (
    // Clicking the backdrop closes, as Escape (onCancel) does from the keyboard.
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is the keyboard equivalent, handled by onCancel
    <dialog
      ref={dialog}
      className="lk-modal"
      data-testid="lk-modal"
      data-theme={theme.scheme}
      data-size={screenSize(screen.name, slotCount)}
      style={style as CSSProperties}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
      onClose={() => {
        // Closed by the browser itself (a second Escape): settle the flow like any other close.
        if (requestRef.current) close();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) close();
      }}
    >
      {request && (
        <div className="lk-inner">
          <div className="lk-topbar">
            {state.ready && canGoBack(nav) ? (
              <button
                type="button"
                className="lk-icon-btn"
                data-testid="lk-back"
                aria-label={en.back}
                onClick={back}
              >
                ‹
              </button>
            ) : (
              <span />
            )}
            {screen.name !== 'embedded-creating' && (
              <button
                type="button"
                className="lk-icon-btn"
                data-testid="lk-close"
                aria-label={en.close}
                onClick={close}
              >
                ×
              </button>
            )}
          </div>
          <div key={`${active.id}:${nav.visit}`} className="lk-screen-slot" style={{ display: 'contents' }}>
            {renderScreen()}
          </div>
          <div ref={captchaHost} className="lk-captcha-box" />
        </div>
      )}
    </dialog>
  );
}
