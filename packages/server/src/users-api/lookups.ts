import { usersApi } from '@latchkey/protocol';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AccountType } from '../accounts/account-record.ts';
import { findAccountOwner } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { type BoundBody, bindBody } from '../feature.ts';
import { boundedString } from '../http/body.ts';
import {
  emailIdentifier,
  fidIdentifier,
  phoneIdentifier,
  smartWalletIdentifier,
  telegramIdIdentifier,
  usernameKey,
  walletIdentifier,
} from './identifiers.ts';

/** One lookup route (WIRE.md §7.2 table): its body, and the owner of what it names, or null. */
export interface Lookup {
  /** Its protocol route and body schema. */
  bound: BoundBody<Record<string, unknown>>;
  /** A valid body for the hostile-input fixtures, and the string fields it has. */
  example: Record<string, unknown>;
  owner(ctx: ServerContext, appId: string, body: Record<string, unknown>): Promise<string | null>;
}

const text = boundedString(512).min(1);

/** The owner of the account of `type` whose identifier is `identifier`. */
const byIdentifier =
  (type: AccountType, field: string, normalise: (value: never) => string) =>
  (ctx: ServerContext, appId: string, body: Record<string, unknown>) =>
    findAccountOwner(ctx.db, appId, type, normalise(body[field] as never));

/**
 * The owner of the account of `type` whose profile `username` matches, ignoring case (usernames are
 * profile data in `details`, not identifiers; the newest verified wins if two users share one).
 */
const byUsername =
  (type: AccountType) => async (ctx: ServerContext, appId: string, body: Record<string, unknown>) => {
    const name = usernameKey(body.username as string);
    const username =
      ctx.dialect === 'postgres'
        ? sql<string>`lower(details::json ->> 'username')`
        : sql<string>`lower(json_extract(details, '$.username'))`;
    const row = await ctx.db
      .selectFrom('linked_accounts')
      .select('user_id')
      .where('app_id', '=', appId)
      .where('type', '=', type)
      .where(username, '=', name)
      .orderBy('latest_verified_at', 'desc')
      .executeTakeFirst();
    return row?.user_id ?? null;
  };

export const lookups: Lookup[] = [
  {
    bound: bindBody(usersApi.userByEmail, z.object({ address: text })),
    example: { address: 'nobody@example.com' },
    owner: byIdentifier('email', 'address', (v: string) => emailIdentifier(v)),
  },
  {
    bound: bindBody(usersApi.userByPhone, z.object({ number: text })),
    example: { number: '+14155550100' },
    owner: byIdentifier('phone', 'number', phoneIdentifier),
  },
  {
    bound: bindBody(usersApi.userByWallet, z.object({ address: text })),
    example: { address: '0x000000000000000000000000000000000000dEaD' },
    owner: byIdentifier('wallet', 'address', walletIdentifier),
  },
  {
    bound: bindBody(usersApi.userBySmartWallet, z.object({ address: text })),
    example: { address: '0x000000000000000000000000000000000000dEaD' },
    owner: byIdentifier('smart_wallet', 'address', smartWalletIdentifier),
  },
  {
    bound: bindBody(usersApi.userByFarcasterFid, z.object({ fid: z.number() })),
    example: { fid: 1 },
    owner: byIdentifier('farcaster', 'fid', fidIdentifier),
  },
  {
    bound: bindBody(usersApi.userByDiscordUsername, z.object({ username: text })),
    example: { username: 'nobody' },
    owner: byUsername('discord_oauth'),
  },
  {
    bound: bindBody(usersApi.userByGithubUsername, z.object({ username: text })),
    example: { username: 'nobody' },
    owner: byUsername('github_oauth'),
  },
  {
    bound: bindBody(usersApi.userByTwitterUsername, z.object({ username: text })),
    example: { username: 'nobody' },
    owner: byUsername('twitter_oauth'),
  },
  {
    bound: bindBody(usersApi.userByTelegramUsername, z.object({ username: text })),
    example: { username: 'nobody' },
    owner: byUsername('telegram'),
  },
  {
    bound: bindBody(usersApi.userByTwitterSubject, z.object({ subject: text })),
    example: { subject: '1234567890' },
    owner: byIdentifier('twitter_oauth', 'subject', (v: string) => v),
  },
  {
    bound: bindBody(usersApi.userByTelegramUserId, z.object({ telegram_user_id: text })),
    example: { telegram_user_id: '1234567890' },
    owner: byIdentifier('telegram', 'telegram_user_id', telegramIdIdentifier),
  },
  {
    bound: bindBody(usersApi.userByCustomAuthId, z.object({ custom_user_id: text })),
    example: { custom_user_id: 'nobody' },
    owner: byIdentifier('custom_auth', 'custom_user_id', (v: string) => v),
  },
];
