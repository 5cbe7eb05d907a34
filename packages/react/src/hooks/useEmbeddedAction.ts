import { LatchkeyError } from '@latchkey/core';
import { useCallback } from 'react';
import { PrivyErrorCode } from '../callbacks.ts';
import { useLatestRef } from './useLatestCallback.ts';

export interface EmbeddedActionCallbacks<R> {
  onSuccess?: ((result: R) => void) | undefined;
  /** With the error's code (e.g. 'embedded_wallet_already_exists', 'user_exited_set_password_flow'). */
  onError?: ((code: PrivyErrorCode) => void) | undefined;
}

/** The error's stable code for `onError` (the server's codes pass as they are, as the incumbent's do). */
export function embeddedErrorCode(error: unknown): PrivyErrorCode {
  return error instanceof LatchkeyError
    ? (error.code as PrivyErrorCode)
    : PrivyErrorCode.UNKNOWN_EMBEDDED_WALLET_ERROR;
}

/**
 * Wraps an embedded-wallet action for a hook: the returned function resolves or rejects as the
 * action does, and calls the hook's latest `onSuccess` / `onError` on the way.
 */
export function useEmbeddedAction<A extends unknown[], R>(
  action: (...args: A) => Promise<R>,
  callbacks: EmbeddedActionCallbacks<R>,
): (...args: A) => Promise<R> {
  const latest = useLatestRef(callbacks);
  const run = useLatestRef(action);
  return useCallback(
    async (...args: A) => {
      try {
        const result = await run.current(...args);
        latest.current.onSuccess?.(result);
        return result;
      } catch (error) {
        latest.current.onError?.(embeddedErrorCode(error));
        throw error;
      }
    },
    [latest, run],
  );
}
