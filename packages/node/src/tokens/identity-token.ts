import { type IdentityTokenUser, identityTokenUser } from './identity-claims.ts';
import { type TokenVerificationOptions, verifyJwt } from './verify-jwt.ts';

/** A verified identity token: the user it carries, and the token's own times. */
export interface VerifiedIdentityToken {
  user: IdentityTokenUser;
  appId: string;
  /** Unix seconds. */
  issuedAt: number;
  /** Unix seconds. */
  expiration: number;
}

/**
 * Verifies an identity token (the `privy-id-token` cookie, or `identity_token` of a login answer)
 * like an access token, and reads the user from its claims without an API call.
 *
 * @example
 * const { user } = await verifyIdentityToken(idToken, { appId, apiUrl });
 * const email = user.linked_accounts.find((a) => a.type === 'email');
 */
export async function verifyIdentityToken(
  token: string,
  options: TokenVerificationOptions,
): Promise<VerifiedIdentityToken> {
  const payload = await verifyJwt(token, options, ['cr', 'guest', 'linked_accounts']);
  return {
    user: identityTokenUser(payload),
    appId: options.appId,
    issuedAt: payload.iat!,
    expiration: payload.exp!,
  };
}
