import { userIdPrefix } from '@latchkey/protocol';
import { toCompactAccount } from '../accounts/account-record.ts';
import type { UserRecord } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { signEs256Jwt } from './es256-jws.ts';
import { RecentIdentityTokens } from './recent-identity-tokens.ts';

const recentTokens = new WeakMap<ServerContext, RecentIdentityTokens>();

function recentTokensOf(ctx: ServerContext): RecentIdentityTokens {
  let recent = recentTokens.get(ctx);
  if (!recent) {
    recent = new RecentIdentityTokens();
    recentTokens.set(ctx, recent);
  }
  return recent;
}

/**
 * Signs an identity token (WIRE.md §5.2): the user's profile in claims, so an app's backend can
 * read it without an API call. `cr` is a string, `guest` is "t"/"f", JSON values are strings. A
 * token signed for exactly the same profile, key and app in the last minute is answered again
 * (tokens/recent-identity-tokens.ts).
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
  const sub = `${userIdPrefix}${user.id}`;
  const recent = recentTokensOf(ctx);
  const profile = `${key.kid}\n${appId}\n${sub}\n${JSON.stringify(claims)}`;
  const reused = recent.get(profile, iat);
  if (reused) return reused;
  const token = await signEs256Jwt(key.privateKey, key.kid, {
    ...claims,
    iss: ctx.settings.issuer,
    aud: appId,
    sub,
    iat,
    exp: iat + ctx.settings.identityTokenTtlSeconds,
  });
  recent.remember(profile, token, iat);
  return token;
}
