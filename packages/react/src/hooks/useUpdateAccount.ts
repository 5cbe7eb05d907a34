import { useEffect, useMemo, useRef } from 'react';
import type { PrivyErrorCode, UpdateAccountCallbacks } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

/**
 * `onSuccess` with the user, the method and the account updated; `onError` with the error code (or
 * 'exited_update_flow' when the user closes the modal) and the method (`linkMethod`, the incumbent's name).
 */
export type UseUpdateAccountParameters = UpdateAccountCallbacks;

/**
 * Opens 'Update your email' or 'Update your phone number' for the logged-in user.
 *
 * @example
 * const { updateEmail } = useUpdateAccount({ onSuccess: ({ user }) => console.log(user.email?.address) });
 */
export function useUpdateAccount(parameters: UseUpdateAccountParameters = {}): {
  updateEmail: () => void;
  updatePhone: () => void;
} {
  const { events, openModal } = useLatchkeyContext();
  const callbacks = useLatestRef(parameters);
  const method = useRef<'email' | 'sms'>('email');
  useEffect(() => {
    const offSuccess = events.on('updateSuccess', (event) => callbacks.current.onSuccess?.(event));
    const offError = events.on('updateError', (code) =>
      callbacks.current.onError?.(code as PrivyErrorCode, { linkMethod: method.current }),
    );
    return () => {
      offSuccess();
      offError();
    };
  }, [events, callbacks]);
  return useMemo(
    () => ({
      updateEmail: () => {
        method.current = 'email';
        openModal('update-email');
      },
      updatePhone: () => {
        method.current = 'sms';
        openModal('update-phone');
      },
    }),
    [openModal],
  );
}
