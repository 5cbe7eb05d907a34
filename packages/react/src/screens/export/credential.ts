import type { LatchkeyClient } from '@latchkey/core';

/**
 * What the export frame is given to prove the user: the access token (for its URL hash), or with
 * cookie sessions none (`token: null`): the frame, on the server's origin, authenticates with the
 * server's HttpOnly cookies, and no token ever reaches this page. Null once the session is gone.
 */
export async function exportFrameCredential(
  client: Pick<LatchkeyClient, 'cookieSessions' | 'getAccessToken' | 'getState'>,
): Promise<{ token: string | null } | null> {
  if (client.cookieSessions) return client.getState().authenticated ? { token: null } : null;
  const token = await client.getAccessToken();
  return token ? { token } : null;
}
