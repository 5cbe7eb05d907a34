import { userIdPrefix } from '@latchkey/protocol';
import { SignJWT } from 'jose';
import { toCompactAccount } from '../accounts/account-record.ts';
import type { UserRecord } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';

/**
 * Signs an identity token (WIRE.md §5.2): the user's profile in claims, so an app's backend can
 * read it without an API call. `cr` is a string, `guest` is "t"/"f", JSON values are strings.
 */
export async function issueIdentityToken(
  ctx: ServerContext,
  appId: string,
  user: UserRecord,
): Promise<string> {
  const key = await ctx.signingKeys.active(appId);
  const iat = ctx.now();
  const claims: Record<string, string> = {
    cr: String(user.createdAt),
    guest: user.isGuest ? 't' : 'f',
    linked_accounts: JSON.stringify(user.accounts.map(toCompactAccount).filter((a) => a !== null)),
  };
  if (user.customMetadata) claims.custom_metadata = JSON.stringify(user.customMetadata);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
    .setIssuer(ctx.settings.issuer)
    .setAudience(appId)
    .setSubject(`${userIdPrefix}${user.id}`)
    .setIssuedAt(iat)
    .setExpirationTime(iat + ctx.settings.identityTokenTtlSeconds)
    .sign(key.privateKey);
}
