import { useEffect, useState } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatchkeyState } from './useLatchkeyState.ts';

/**
 * The current identity token (a JWT describing the user), or null when logged out.
 *
 * @example
 * const { identityToken } = useIdentityToken();
 */
export function useIdentityToken(): { identityToken: string | null } {
  const { client } = useLatchkeyContext();
  const { ready, user } = useLatchkeyState();
  const [identityToken, setIdentityToken] = useState<string | null>(null);
  useEffect(() => {
    if (!ready || !user) {
      setIdentityToken(null);
      return;
    }
    let current = true;
    client
      .getIdentityToken()
      .catch(() => null)
      .then((token) => {
        if (current) setIdentityToken(token);
      });
    return () => {
      current = false;
    };
  }, [client, ready, user]);
  return { identityToken };
}
