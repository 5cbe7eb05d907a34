import { userIdPrefix } from '@latchkey/protocol';
import { toCompactAccount } from '../accounts/account-record.ts';
import type { UserRecord } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { signEs256Jwt } from './es256-jws.ts';

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
  const claims: Record<string, string | number> = {
    cr: String(user.createdAt),
    guest: user.isGuest ? 't' : 'f',
    linked_accounts: JSON.stringify(user.accounts.map(toCompactAccount).filter((a) => a !== null)),
  };
  if (user.customMetadata) claims.custom_metadata = JSON.stringify(user.customMetadata);
  return signEs256Jwt(key.privateKey, key.kid, {
    ...claims,
    iss: ctx.settings.issuer,
    aud: appId,
    sub: `${userIdPrefix}${user.id}`,
    iat,
    exp: iat + ctx.settings.identityTokenTtlSeconds,
  });
}
