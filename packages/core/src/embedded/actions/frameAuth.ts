import { EmbeddedWalletError, embeddedMessages } from '../errors.ts';
import type { EmbeddedWalletsContext } from './context.ts';

/** How a frame request proves the user: their access token, or nothing with cookie sessions. */
export type FrameAuth = { accessToken: string } | Record<string, never>;

/**
 * How the frame authenticates its calls to the server. With cookie sessions page script holds
 * none: the frame, on the server's origin, authenticates its calls with the server's HttpOnly
 * cookies, so the request carries no token, only a logged-in user is required.
 */
export async function frameAuth(ctx: EmbeddedWalletsContext): Promise<FrameAuth> {
  const { session } = ctx;
  if (session.cookieSessions) {
    if (!session.user)
      throw new EmbeddedWalletError('must_be_authenticated', embeddedMessages.notAuthenticated);
    return {};
  }
  const token = await session.getAccessToken();
  if (!token) throw new EmbeddedWalletError('must_be_authenticated', embeddedMessages.notAuthenticated);
  return { accessToken: token };
}
