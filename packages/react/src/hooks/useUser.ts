import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

/**
 * The user, and `refreshUser` to reload it (and the identity token) after a change made on your
 * backend; the incumbent's `useUser`.
 *
 * @example
 * const { user, refreshUser } = useUser();
 * await refreshUser(); // after your backend changed the user's custom metadata
 */
export function useUser(): { user: ClientUser | null; refreshUser: () => Promise<ClientUser> } {
  const { client } = useLatchkeyContext();
  const { user } = useLatchkeyState();
  const refreshUser = useCallback(() => client.getUser().then(toClientUser), [client]);
  return { user: user ? toClientUser(user) : null, refreshUser };
}
