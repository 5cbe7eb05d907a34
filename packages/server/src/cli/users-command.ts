import { usersApi } from '@latchkey/protocol';
import { loadUser, toWireUser, type UserRecord } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { ApiError } from '../http/api-error.ts';
import { pathUserId } from '../users-api/import-user.ts';
import { lookups } from '../users-api/lookups.ts';
import { removeUser } from '../users-api/remove-user.ts';
import { CliError, defineCommand, defineGroup } from './command.ts';
import { fields, table, time } from './output.ts';
import { requireApp, withStorage } from './storage.ts';

/** Each `users find` flag: the users API lookup it is, and the body field it fills. */
const finders = {
  email: { path: usersApi.userByEmail.path, field: 'address' },
  phone: { path: usersApi.userByPhone.path, field: 'number' },
  wallet: { path: usersApi.userByWallet.path, field: 'address' },
} as const;

const userText = (user: UserRecord) =>
  [
    fields([
      ['id', `did:privy:${user.id}`],
      ['created', time(user.createdAt)],
      ['guest', user.isGuest],
      ['accepted terms', user.hasAcceptedTerms],
      ['mfa', user.mfaMethods.map((m) => m.type)],
    ]),
    '',
    table(
      user.accounts.map((a) => ({ ...a, verified: time(a.latestVerifiedAt) })),
      ['type', 'identifier', 'verified'],
      '(no linked accounts)',
    ),
  ].join('\n');

/** The user a flag names, or "no user with … in app …" (exit 1). Lookups are the users API's. */
async function findUser(
  ctx: ServerContext,
  appId: string,
  by: 'email' | 'phone' | 'wallet' | 'id',
  value: string,
): Promise<UserRecord> {
  let owner: string | null;
  if (by === 'id') owner = pathUserId(value);
  else {
    const finder = finders[by];
    const lookup = lookups.find((l) => l.bound.contract.path === finder.path)!;
    try {
      owner = await lookup.owner(ctx, appId, { [finder.field]: value });
    } catch (error) {
      throw new CliError(`--${by} "${value}": ${(error as Error).message}`);
    }
  }
  const user = owner ? await loadUser(ctx.db, appId, owner) : null;
  if (!user) throw new CliError(`no user with ${by} ${value} in app ${appId}`);
  return user;
}

const find = defineCommand({
  name: 'users find',
  args: ['APP_ID'],
  synopsis: '(--email ADDRESS | --phone NUMBER | --wallet ADDRESS | --id USER_ID)',
  summary: 'Finds a user by a linked account or by id and prints their accounts.',
  details: [
    'Options (exactly one):',
    '  --email ADDRESS  an email login',
    '  --phone NUMBER   a phone login (E.164; US numbers may omit +1)',
    '  --wallet ADDRESS an external or embedded wallet (Ethereum or Solana)',
    '  --id USER_ID     did:privy:… or the bare 25-character id',
  ].join('\n'),
  options: {
    email: { type: 'string' },
    phone: { type: 'string' },
    wallet: { type: 'string' },
    id: { type: 'string' },
  },
  async run(values, [appId]) {
    const given = (['email', 'phone', 'wallet', 'id'] as const).filter((k) => values[k] !== undefined);
    if (given.length !== 1)
      throw new CliError('users find needs exactly one of --email, --phone, --wallet, --id', 2);
    const by = given[0]!;
    return withStorage(values['data-dir'], async (ctx) => {
      const app = await requireApp(ctx, appId!);
      const user = await findUser(ctx, app.id, by, values[by]!);
      return { json: toWireUser(user), human: userText(user) };
    });
  },
});

const remove = defineCommand({
  name: 'users delete',
  args: ['APP_ID', 'USER_ID'],
  summary:
    'Deletes a user with their accounts, sessions and embedded wallets (irreversible); a user.deleted\n' +
    'webhook event is sent, as when the users API deletes.',
  options: {},
  async run(values, [appId, userId]) {
    return withStorage(values['data-dir'], async (ctx) => {
      const app = await requireApp(ctx, appId!);
      const id = pathUserId(userId);
      // The same delete as DELETE /api/v1/users/:id and the dashboard's: one transaction, one event.
      try {
        await removeUser(ctx, app.id, id);
      } catch (error) {
        if (error instanceof ApiError && error.code === 'user_does_not_exist')
          throw new CliError(`no user ${userId} in app ${app.id}`);
        throw error;
      }
      const wireId = `did:privy:${id}`;
      return { json: { id: wireId, deleted: true }, human: `Deleted user ${wireId}` };
    });
  },
});

export const usersCommand = defineGroup('users', "Finds and deletes an app's users.", [find, remove]);
