import type { ModalIntent, ModalOptions } from '@latchkey/core';
import type { OAuthProviderName } from '@latchkey/protocol';
import { useEffect, useMemo, useRef } from 'react';
import type { AuthMethod, LinkAccountCallbacks, OAuthProviderID, PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type LinkOAuthActions, linkOAuthActions } from '../methods/oauth-actions.ts';
import { type Click, optionsOf } from './clickOptions.ts';
import { unsupportedProvider } from './notSupported.ts';
import { useLatestRef } from './useLatestCallback.ts';
import type { PrivyConnectWalletOptions } from './usePrivy.ts';

/**
 * `onSuccess` with the user, the method and the account linked; `onError` with the error code (or
 * 'exited_link_flow' when the user closes the modal) and the method that failed.
 */
export type UseLinkAccountParameters = LinkAccountCallbacks;

// The method each of this hook's modal intents links, for `onError`'s details.
const intentMethods: Partial<Record<ModalIntent, AuthMethod>> = {
  'link-email': 'email',
  'link-phone': 'sms',
  'link-wallet': 'siwe',
  'link-passkey': 'passkey',
  'link-farcaster': 'farcaster',
  'link-telegram': 'telegram',
};

/** What `useLinkAccount` returns: the incumbent's link methods. */
export type UseLinkAccount = Omit<LinkOAuthActions, 'linkOAuth'> & {
  linkEmail: () => void;
  linkPhone: () => void;
  /** The wallet picker; `walletChainType` picks the chains it offers. */
  linkWallet: (options?: PrivyConnectWalletOptions | Click) => void;
  /** Not supported (Twitch is not one of Latchkey's providers): throws with code `not_supported`. */
  linkTwitch: () => void;
  linkFarcaster: () => void;
  /** A Mini App's raw init data, when the app has it from Telegram's SDK; else the page's or Telegram's login page. */
  linkTelegram: (options?: { launchParams: { initDataRaw?: string } }) => void;
  /** `name`: what the new passkey shows in the user's password manager. */
  linkPasskey: (options?: { name?: string }) => void;
  /** Any provider's account, a custom one (`custom:{name}`) too; Telegram's through its own flow. */
  linkOAuth: (options: { provider: OAuthProviderID }) => void;
};

/**
 * Opens 'Connect your email', 'Connect your phone', the wallet picker or 'Waiting for passkey' (a new
 * passkey, at most 5) for the logged-in user, or sends them to a social provider to link that
 * account (`linkGoogle()` … `linkApple()`).
 *
 * @example
 * const { linkEmail, linkGoogle } = useLinkAccount({ onSuccess: ({ user }) => console.log(user.email?.address) });
 */
export function useLinkAccount(parameters?: UseLinkAccountParameters): UseLinkAccount {
  const { events, openModal: open } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const method = useRef<AuthMethod>('email');
  const openModal = useMemo(
    () => (intent: ModalIntent, options?: ModalOptions) => {
      method.current = options?.oauth?.provider ?? intentMethods[intent] ?? method.current;
      open(intent, options);
    },
    [open],
  );
  useEffect(() => {
    const offSuccess = events.on('linkSuccess', (event) => callbacks.current?.onSuccess?.(event));
    const offError = events.on('linkError', (code) =>
      callbacks.current?.onError?.(code as PrivyErrorCode, { linkMethod: method.current }),
    );
    return () => {
      offSuccess();
      offError();
    };
  }, [events, callbacks]);
  return useMemo(() => {
    const { linkOAuth, ...providers } = linkOAuthActions(openModal);
    return {
      ...providers,
      linkEmail: () => openModal('link-email'),
      linkPhone: () => openModal('link-phone'),
      linkWallet: (options) => {
        const walletChainType = optionsOf(options)?.walletChainType;
        openModal('link-wallet', walletChainType ? { walletChainType } : undefined);
      },
      linkTwitch: () => {
        throw unsupportedProvider('twitch');
      },
      linkFarcaster: () => openModal('link-farcaster'),
      // The modal checks the data (a click event, passed as `onClick={linkTelegram}`, carries none).
      linkTelegram: (options) =>
        openModal('link-telegram', { telegramLaunchData: options?.launchParams?.initDataRaw }),
      // The modal reads the name (a click event, passed as `onClick={linkPasskey}`, names none).
      linkPasskey: (options) => openModal('link-passkey', { passkeyName: options?.name }),
      linkOAuth: ({ provider }) => {
        const unsupported = unsupportedProvider(provider);
        if (unsupported) throw unsupported;
        if (provider === 'telegram') openModal('link-telegram');
        else linkOAuth(provider as OAuthProviderName);
      },
    };
  }, [openModal]);
}
