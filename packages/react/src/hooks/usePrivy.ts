import type { SendTransactionModalUIOptions, SignMessageModalUIOptions } from '@latchkey/core/signing/calls';
import type { MfaMethod, OAuthProviderName } from '@latchkey/protocol';
import type { ReactNode } from 'react';
import { useMemo } from 'react';
import type { OAuthProviderID } from '../callbacks.ts';
import { type LatchkeyContextValue, useLatchkeyContext } from '../LatchkeyContext.ts';
import type { WalletChainTypeOption } from '../types.ts';
import type { User, Wallet } from '../userTypes.ts';
import { type Click, optionsOf } from './clickOptions.ts';
import { notSupported, unsupportedProvider } from './notSupported.ts';
import type { PrivyActionName } from './privyActions.ts';
import type { PrivyTransactionRequest, PrivyTypedData } from './signingTypes.ts';
import { useLatchkey } from './useLatchkey.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';
import { useModalStatus } from './useModalStatus.ts';

/**
 * A passkey verification's request options in WebAuthn's JSON form (the incumbent's
 * `PublicKeyCredentialRequestOptionsJSON`): what `init('passkey')` answers and `submit('passkey', …)` takes.
 */
export interface PrivyPasskeyRequestOptions {
  challenge: string;
  timeout?: number;
  rpId?: string;
  allowCredentials?: {
    id: string;
    type: 'public-key';
    transports?: ('ble' | 'cable' | 'hybrid' | 'internal' | 'nfc' | 'smart-card' | 'usb')[];
  }[];
  userVerification?: 'discouraged' | 'preferred' | 'required';
  hints?: ('hybrid' | 'security-key' | 'client-device')[];
  extensions?: { appid?: string; credProps?: boolean; hmacCreateSecret?: boolean; minPinLength?: boolean };
}

/**
 * `login(options)`: the incumbent's per-call overrides of the login screen. Latchkey's modal shows
 * the provider's `loginMethods` and has no prefill; the options are accepted and ignored.
 */
export interface PrivyLoginOptions {
  loginMethods?: readonly string[];
  prefill?: { type: 'email' | 'phone'; value: string };
  disableSignup?: boolean;
  walletChainType?: WalletChainTypeOption;
  [option: string]: unknown;
}

/** `connectWallet(options)` / `linkWallet(options)`: which chains to offer (the description is ignored). */
export interface PrivyConnectWalletOptions {
  walletChainType?: WalletChainTypeOption;
  description?: ReactNode;
  [option: string]: unknown;
}

/**
 * The incumbent's `usePrivy()` return (`PrivyInterface` of `@privy-io/react-auth` 3.45.0), member for
 * member, over Latchkey's actions. Members with a result or side effects beyond opening the modal
 * load their code on first call.
 */
export interface PrivyInterface {
  /** True once the app config is loaded and the session restored. */
  ready: boolean;
  authenticated: boolean;
  user: User | null;
  /** Why Latchkey could not start, null otherwise (`useLatchkey().error` is undefined instead). */
  error: Error | null;
  /** Whether the modal is on screen. */
  isModalOpen: boolean;
  /** The MFA methods the app allows (its dashboard settings). */
  mfaMethods: MfaMethod[];

  // The modal: each opens it on its flow; the outcome arrives through the provider's events.
  login(options?: PrivyLoginOptions | Click): void;
  connectWallet(options?: PrivyConnectWalletOptions | Click): void;
  /** Opens the login screen, where a wallet can be connected too. */
  connectOrCreateWallet(): void;
  linkEmail(): void;
  linkPhone(): void;
  linkWallet(options?: PrivyConnectWalletOptions | Click): void;
  linkFarcaster(): void;
  linkGoogle(): void;
  linkTwitter(): void;
  /** Not supported (Twitch is not one of Latchkey's providers): throws with code `not_supported`. */
  linkTwitch(): void;
  linkDiscord(): void;
  linkGithub(): void;
  linkSpotify(): void;
  linkInstagram(): void;
  linkTiktok(): void;
  linkLine(): void;
  linkLinkedIn(): void;
  linkApple(): void;
  /** `name`: what the new passkey shows in the user's password manager. */
  linkPasskey(options?: { name?: string }): void;
  /** `launchParams.initDataRaw`: a Mini App's launch data the app has from Telegram's SDK. */
  linkTelegram(options?: { launchParams: { initDataRaw?: string } }): void;
  linkOAuth(options: { provider: OAuthProviderID }): void;
  updateEmail(): void;
  updatePhone(): void;
  /** Opens (true, the default) or closes the MFA enrollment screen. */
  enrollInMfa(show?: boolean): void;

  logout(): Promise<void>;
  getAccessToken(): Promise<string | null>;

  // Unlinking: each resolves with the user after the account left.
  unlinkEmail(address: string): Promise<User>;
  unlinkPhone(phoneNumber: string): Promise<User>;
  unlinkWallet(address: string): Promise<User>;
  unlinkGoogle(subject: string): Promise<User>;
  unlinkTwitter(subject: string): Promise<User>;
  unlinkDiscord(subject: string): Promise<User>;
  unlinkGithub(subject: string): Promise<User>;
  unlinkSpotify(subject: string): Promise<User>;
  unlinkInstagram(subject: string): Promise<User>;
  unlinkTiktok(subject: string): Promise<User>;
  unlinkLine(subject: string): Promise<User>;
  unlinkLinkedIn(subject: string): Promise<User>;
  unlinkApple(subject: string): Promise<User>;
  /** Not supported (Twitch is not one of Latchkey's providers): rejects with code `not_supported`. */
  unlinkTwitch(subject: string): Promise<User>;
  /** Not supported: cross-app accounts are not built; rejects with code `not_supported`. */
  unlinkCrossAppAccount(options: { subject: string }): Promise<User>;
  unlinkFarcaster(fid: number): Promise<User>;
  unlinkTelegram(telegramUserId: string): Promise<User>;
  unlinkPasskey(credentialId: string): Promise<User>;
  unlinkOAuth(options: { provider: OAuthProviderID; subject: string }): Promise<User>;

  // The embedded wallet (Ethereum).
  createWallet(options?: { createAdditional?: boolean } | { walletIndex: number } | Click): Promise<Wallet>;
  setWalletPassword(): Promise<Wallet>;
  setWalletRecovery(options?: Record<string, never>): Promise<Wallet>;
  signMessage(
    input: { message: string },
    options?: { uiOptions?: SignMessageModalUIOptions; address?: string },
  ): Promise<{ signature: string }>;
  signTypedData(
    input: PrivyTypedData,
    options?: { uiOptions?: SignMessageModalUIOptions; address?: string },
  ): Promise<{ signature: string }>;
  /** `sponsor` and `fundWalletConfig` are ignored. */
  sendTransaction(
    input: PrivyTransactionRequest,
    options?: {
      sponsor?: boolean;
      uiOptions?: SendTransactionModalUIOptions;
      fundWalletConfig?: unknown;
      address?: string;
    },
  ): Promise<{ hash: `0x${string}` }>;
  signTransaction(
    input: PrivyTransactionRequest,
    options?: { uiOptions?: SendTransactionModalUIOptions; address?: string },
  ): Promise<{ signature: `0x${string}` }>;
  exportWallet(options?: { address: string } | Click): Promise<void>;

  // MFA: useMfaEnrollment's and useMfa's.
  initEnrollmentWithSms(meta: { phoneNumber: string }): Promise<void>;
  initEnrollmentWithTotp(): Promise<{ secret: string; authUrl: string }>;
  initEnrollmentWithPasskey(): Promise<void>;
  submitEnrollmentWithSms(meta: { phoneNumber: string; mfaCode: string }): Promise<void>;
  submitEnrollmentWithTotp(meta: { mfaCode: string }): Promise<void>;
  submitEnrollmentWithPasskey(
    input: { credentialIds: string[] },
    options?: { removeForLogin?: boolean },
  ): Promise<void>;
  promptMfa(): Promise<void>;
  // biome-ignore lint/suspicious/noConfusingVoidType: the incumbent's type, as it declares it
  init(method: MfaMethod): Promise<void | PrivyPasskeyRequestOptions>;
  submit(method: MfaMethod, code: string | PrivyPasskeyRequestOptions): Promise<void>;
  cancel(): void;
  unenroll(method: MfaMethod, options?: { removeForLogin?: boolean }): Promise<void>;
  clear(): Promise<void>;
}

/** The members whose bodies are in `privyActions.ts`, loaded on first call. */
export const privyLazyMembers = [
  'createWallet',
  'setWalletPassword',
  'setWalletRecovery',
  'signMessage',
  'signTypedData',
  'sendTransaction',
  'signTransaction',
  'exportWallet',
  'initEnrollmentWithSms',
  'initEnrollmentWithTotp',
  'initEnrollmentWithPasskey',
  'submitEnrollmentWithSms',
  'submitEnrollmentWithTotp',
  'submitEnrollmentWithPasskey',
  'promptMfa',
  'init',
  'submit',
  'cancel',
  'unenroll',
  'clear',
] as const satisfies readonly PrivyActionName[];

type LazyMember = (typeof privyLazyMembers)[number];

/** One function per lazy member: loads `privyActions.ts` and calls the member's body with the context. */
export function privyDispatcher(context: LatchkeyContextValue): Pick<PrivyInterface, LazyMember> {
  const entries = privyLazyMembers.map((name) => [
    name,
    (...args: unknown[]) =>
      import('./privyActions.ts').then((m) =>
        (m.privyActions[name] as (ctx: LatchkeyContextValue, ...rest: unknown[]) => unknown)(
          context,
          ...args,
        ),
      ),
  ]);
  return Object.fromEntries(entries);
}

const mfaMethodsOf = (methods: readonly string[] | undefined): MfaMethod[] =>
  (methods ?? []).filter((m): m is MfaMethod => m === 'sms' || m === 'totp' || m === 'passkey');

/**
 * The incumbent's main hook, `usePrivy()`: the session and every action with the incumbent's names
 * and argument shapes, so that an app migrated by renaming its imports keeps calling it.
 * `useLatchkey()` is the same session with Latchkey's own shapes.
 *
 * @example
 * const { ready, authenticated, user, login, linkOAuth, signMessage } = usePrivy();
 * if (ready && !authenticated) return <button onClick={login}>Log in</button>;
 */
export function usePrivy(): PrivyInterface {
  const context = useLatchkeyContext();
  const base = useLatchkey();
  const { appConfig } = useLatchkeyState();
  const { isOpen } = useModalStatus();
  const lazy = useMemo(() => privyDispatcher(context), [context]);
  const mfaMethods = useMemo(() => mfaMethodsOf(appConfig?.mfa_methods), [appConfig]);
  return useMemo(() => {
    const { openModal, events } = context;
    const walletOptions = (options?: PrivyConnectWalletOptions | Click) => {
      const walletChainType = optionsOf(options)?.walletChainType;
      return walletChainType ? { walletChainType } : undefined;
    };
    return {
      ...base,
      ...lazy,
      error: base.error ?? null,
      isModalOpen: isOpen,
      mfaMethods,
      login: () => base.login(),
      connectWallet: (options) => openModal('connect-wallet', walletOptions(options)),
      linkWallet: (options) => openModal('link-wallet', walletOptions(options)),
      connectOrCreateWallet: () => base.login(),
      // The modal reads the name and the launch data (a click event carries neither).
      linkPasskey: (options) => openModal('link-passkey', { passkeyName: options?.name }),
      linkTelegram: (options) =>
        openModal('link-telegram', { telegramLaunchData: options?.launchParams?.initDataRaw }),
      linkOAuth: ({ provider }) => {
        const unsupported = unsupportedProvider(provider);
        if (unsupported) throw unsupported;
        if (provider === 'telegram') base.linkTelegram();
        else base.linkOAuth(provider as OAuthProviderName);
      },
      linkTwitch: () => {
        throw unsupportedProvider('twitch');
      },
      unlinkOAuth: async ({ provider, subject }) => {
        const unsupported = unsupportedProvider(provider);
        if (unsupported) throw unsupported;
        if (provider === 'telegram') return base.unlinkTelegram(subject);
        return base.unlinkOAuth(provider as OAuthProviderName, subject);
      },
      unlinkTwitch: async () => {
        throw unsupportedProvider('twitch');
      },
      unlinkCrossAppAccount: async () => {
        throw notSupported('Cross-app accounts', 'there is no cross-app account to unlink');
      },
      enrollInMfa: (show = true) =>
        show ? openModal('mfa-enrollment') : events.emit('closeModal', 'mfa-enrollment'),
    };
  }, [context, base, lazy, isOpen, mfaMethods]);
}
