import type { ModalIntent, ModalOptions } from '@latchkey/core';
import { useEffect, useMemo, useRef } from 'react';
import type { AuthMethod, LinkAccountCallbacks, PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type LinkOAuthActions, linkOAuthActions } from '../methods/oauth-actions.ts';
import { useLatestRef } from './useLatestCallback.ts';

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
};

/**
 * Opens 'Connect your email', 'Connect your phone', the wallet picker or 'Waiting for passkey' (a new
 * passkey, at most 5) for the logged-in user, or sends them to a social provider to link that
 * account (`linkGoogle()` … `linkApple()`).
 *
 * @example
 * const { linkEmail, linkGoogle } = useLinkAccount({ onSuccess: ({ user }) => console.log(user.email?.address) });
 */
export function useLinkAccount(parameters: UseLinkAccountParameters = {}): LinkOAuthActions & {
  linkEmail: () => void;
  linkPhone: () => void;
  linkWallet: () => void;
  linkPasskey: () => void;
} {
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
    const offSuccess = events.on('linkSuccess', (event) => callbacks.current.onSuccess?.(event));
    const offError = events.on('linkError', (code) =>
      callbacks.current.onError?.(code as PrivyErrorCode, { linkMethod: method.current }),
    );
    return () => {
      offSuccess();
      offError();
    };
  }, [events, callbacks]);
  return useMemo(
    () => ({
      ...linkOAuthActions(openModal),
      linkEmail: () => openModal('link-email'),
      linkPhone: () => openModal('link-phone'),
      linkWallet: () => openModal('link-wallet'),
      linkPasskey: () => openModal('link-passkey'),
    }),
    [openModal],
  );
}
