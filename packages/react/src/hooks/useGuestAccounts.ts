import { useCallback } from 'react';
import { reportHeadlessLogin } from '../accountOf.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import { errorCodeOf } from './useLoginWithPasskey.ts';

/**
 * Logs in as a new guest user (no login method yet; link one later to keep the account); the
 * incumbent's `useGuestAccounts`. `useLogin`'s callbacks hear how it ended, as with the modal.
 *
 * @example
 * const { createGuestAccount } = useGuestAccounts();
 * const user = await createGuestAccount(); // user.isGuest === true
 */
export function useGuestAccounts(): { createGuestAccount: () => Promise<ClientUser> } {
  const { client, events } = useLatchkeyContext();
  const createGuestAccount = useCallback(async () => {
    try {
      const { user, isNewUser } = await client.guest.login();
      const clientUser = toClientUser(user);
      reportHeadlessLogin(events, { user: clientUser, isNewUser, loginMethod: 'guest' });
      return clientUser;
    } catch (error) {
      events.emit('loginError', errorCodeOf(error));
      throw error;
    }
  }, [client, events]);
  return { createGuestAccount };
}
