import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';

/**
 * Records that the user accepted your terms outside the modal (your own checkbox); the incumbent's
 * `useAcceptTerms`.
 *
 * @example
 * const { acceptTerms } = useAcceptTerms();
 * const { user } = await acceptTerms(); // user.hasAcceptedTerms === true
 */
export function useAcceptTerms(): { acceptTerms: () => Promise<{ user: ClientUser }> } {
  const { client } = useLatchkeyContext();
  const acceptTerms = useCallback(
    () => client.acceptTerms().then((user) => ({ user: toClientUser(user) })),
    [client],
  );
  return { acceptTerms };
}
