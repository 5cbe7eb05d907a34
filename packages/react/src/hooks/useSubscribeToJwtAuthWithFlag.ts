import { useCallback, useEffect, useRef } from 'react';
import {
  type JwtAuthFlowState,
  type UseSyncJwtBasedAuthStateInput,
  useSyncJwtBasedAuthState,
} from './useSyncJwtBasedAuthState.ts';

export interface UseSubscribeToJwtAuthWithFlagInput extends Omit<UseSyncJwtBasedAuthStateInput, 'subscribe'> {
  /** The app's auth says whether its user is logged in; each change syncs again. */
  isAuthenticated?: boolean;
  /** The app's auth is loading or refreshing; no sync runs until it is false. */
  isLoading?: boolean;
}

/**
 * `useSyncJwtBasedAuthState` for an auth library that offers flags (`isAuthenticated`,
 * `isLoading`) instead of listeners; the incumbent's `useSubscribeToJwtAuthWithFlag`.
 *
 * @example
 * const { isAuthenticated, isLoading, getToken } = useMyAuth();
 * const { state } = useSubscribeToJwtAuthWithFlag({ isAuthenticated, isLoading, getExternalJwt: getToken });
 */
export function useSubscribeToJwtAuthWithFlag({
  isAuthenticated,
  isLoading,
  ...input
}: UseSubscribeToJwtAuthWithFlagInput): { state: JwtAuthFlowState } {
  const listener = useRef<(() => void) | undefined>(undefined);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change of either flag is the signal.
  useEffect(() => {
    if (!isLoading) listener.current?.();
  }, [isAuthenticated, isLoading]);
  const subscribe = useCallback((onChange: () => void) => {
    listener.current = onChange;
    return () => {
      listener.current = undefined;
    };
  }, []);
  return useSyncJwtBasedAuthState({ ...input, subscribe });
}
