import { useEffect, useMemo } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { AccountChangeEvent } from '../types.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface UseUpdateAccountParameters {
  onSuccess?: (event: AccountChangeEvent) => void;
  /** With the error code, or 'exited_update_flow' when the user closes the modal. */
  onError?: (code: string) => void;
}

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
  useEffect(() => {
    const offSuccess = events.on('updateSuccess', (event) => callbacks.current.onSuccess?.(event));
    const offError = events.on('updateError', (code) => callbacks.current.onError?.(code));
    return () => {
      offSuccess();
      offError();
    };
  }, [events, callbacks]);
  return useMemo(
    () => ({ updateEmail: () => openModal('update-email'), updatePhone: () => openModal('update-phone') }),
    [openModal],
  );
}
