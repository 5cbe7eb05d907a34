import type { AuthenticatedUser, User } from '@latchkey/protocol';
import { LatchkeyClientError } from '../errors.ts';
import type { HttpClient } from '../http/createHttpClient.ts';
import type { SessionManager } from '../session/createSessionManager.ts';
import type { LatchkeyStorage } from '../storage.ts';

/** What every flow needs: the app, the HTTP client, the session and storage. */
export interface FlowContext {
  appId: string;
  http: HttpClient;
  session: SessionManager;
  storage: LatchkeyStorage;
  /** Told of each login, after the session holds it (the client enrolls the wallet frame's device). */
  onLogin?: ((user: User) => void) | undefined;
  /**
   * The client's embedded wallets (loaded on first use): a passkey that is an MFA factor is unlinked
   * through the wallet frame, which holds the MFA token its removal needs.
   */
  embeddedWallets?: (() => Promise<{ mfa: FrameMfaUnlink }>) | undefined;
}

/** The embedded wallets' passkey unlinking (`EmbeddedWallets['mfa']`), as the flows see it. */
export interface FrameMfaUnlink {
  unlinkPasskey(credentialId: string, options: { removeAsMfa: boolean }): Promise<void>;
}

/** What a login returns. */
export interface LoginResult {
  user: User;
  isNewUser: boolean;
}

/** Login and code calls need no Bearer: sending none also spares a pointless refresh first. */
export const noBearer = { token: null } as const;

/** Login is refused while a user is logged in (spec document 1 §4 Session). */
export function assertLoggedOut(ctx: FlowContext): void {
  if (ctx.session.user) throw new LatchkeyClientError('already_logged_in');
}

/** Linking, updating and unlinking need a logged-in user. */
export function assertLoggedIn(ctx: FlowContext): void {
  if (!ctx.session.user) throw new LatchkeyClientError('must_be_authenticated');
}

/** Stores an authenticate response and returns the user. */
export async function completeLogin(ctx: FlowContext, response: AuthenticatedUser): Promise<LoginResult> {
  const user = await ctx.session.applyAuthResponse(response);
  if (!user) throw new LatchkeyClientError('unknown_auth_error', 'Authentication failed - no user returned');
  ctx.onLogin?.(user);
  return { user, isNewUser: response.is_new_user ?? false };
}

/**
 * After a link, update or unlink, refreshes the session for the fresh user and identity token
 * (WIRE.md §3.2), as the incumbent does. If that refresh fails, the route's own user stands.
 */
export async function completeAccountChange(ctx: FlowContext, user: User): Promise<User> {
  await ctx.session.updateUser(user);
  try {
    return (await ctx.session.refreshAfterChange()) ?? user;
  } catch {
    return user;
  }
}
