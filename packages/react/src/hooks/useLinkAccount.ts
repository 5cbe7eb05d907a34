import { useEffect, useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type LinkOAuthActions, linkOAuthActions } from '../methods/oauth-actions.ts';
import type { AccountChangeEvent } from '../types.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseLinkAccountParameters {
  onSuccess?: (event: AccountChangeEvent) => void;
  /** With the error code, or 'exited_link_flow' when the user closes the modal. */
  onError?: (code: string) => void;
}

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
  const { events, openModal } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  useEffect(() => {
    const offSuccess = events.on('linkSuccess', (event) => callbacks.current.onSuccess?.(event));
    const offError = events.on('linkError', (code) => callbacks.current.onError?.(code));
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
