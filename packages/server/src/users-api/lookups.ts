import { usersApi } from '@latchkey/protocol';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AccountType } from '../accounts/account-record.ts';
import { findAccountOwner } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
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
  path: string;
  body: z.ZodType<Record<string, unknown>>;
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

const field = (name: string) => z.object({ [name]: text }) as z.ZodType<Record<string, unknown>>;

export const lookups: Lookup[] = [
  {
    path: usersApi.userByEmail.path,
    body: field('address'),
    example: { address: 'nobody@example.com' },
    owner: byIdentifier('email', 'address', (v: string) => emailIdentifier(v)),
  },
  {
    path: usersApi.userByPhone.path,
    body: field('number'),
    example: { number: '+14155550100' },
    owner: byIdentifier('phone', 'number', phoneIdentifier),
  },
  {
    path: usersApi.userByWallet.path,
    body: field('address'),
    example: { address: '0x000000000000000000000000000000000000dEaD' },
    owner: byIdentifier('wallet', 'address', walletIdentifier),
  },
  {
    path: usersApi.userBySmartWallet.path,
    body: field('address'),
    example: { address: '0x000000000000000000000000000000000000dEaD' },
    owner: byIdentifier('smart_wallet', 'address', smartWalletIdentifier),
  },
  {
    path: usersApi.userByFarcasterFid.path,
    body: z.object({ fid: z.number() }),
    example: { fid: 1 },
    owner: byIdentifier('farcaster', 'fid', fidIdentifier),
  },
  {
    path: usersApi.userByDiscordUsername.path,
    body: field('username'),
    example: { username: 'nobody' },
    owner: byUsername('discord_oauth'),
  },
  {
    path: usersApi.userByGithubUsername.path,
    body: field('username'),
    example: { username: 'nobody' },
    owner: byUsername('github_oauth'),
  },
  {
    path: usersApi.userByTwitterUsername.path,
    body: field('username'),
    example: { username: 'nobody' },
    owner: byUsername('twitter_oauth'),
  },
  {
    path: usersApi.userByTelegramUsername.path,
    body: field('username'),
    example: { username: 'nobody' },
    owner: byUsername('telegram'),
  },
  {
    path: usersApi.userByTwitterSubject.path,
    body: field('subject'),
    example: { subject: '1234567890' },
    owner: byIdentifier('twitter_oauth', 'subject', (v: string) => v),
  },
  {
    path: usersApi.userByTelegramUserId.path,
    body: field('telegram_user_id'),
    example: { telegram_user_id: '1234567890' },
    owner: byIdentifier('telegram', 'telegram_user_id', telegramIdIdentifier),
  },
  {
    path: usersApi.userByCustomAuthId.path,
    body: field('custom_user_id'),
    example: { custom_user_id: 'nobody' },
    owner: byIdentifier('custom_auth', 'custom_user_id', (v: string) => v),
  },
];
