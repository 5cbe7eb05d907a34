import { usersApi } from '@latchkey/protocol';
import { NotFoundError } from '../errors.ts';
import type { Http } from './http.ts';
import type { CallOptions, User } from './types.ts';

/** The lookup routes of WIRE.md §7.2 (paths from @latchkey/protocol): a POST with one field each. */
export const userLookups = {
  email: { path: usersApi.userByEmail.path, field: 'address' },
  phone: { path: usersApi.userByPhone.path, field: 'number' },
  wallet: { path: usersApi.userByWallet.path, field: 'address' },
  smartWallet: { path: usersApi.userBySmartWallet.path, field: 'address' },
  farcaster: { path: usersApi.userByFarcasterFid.path, field: 'fid' },
  discord: { path: usersApi.userByDiscordUsername.path, field: 'username' },
  github: { path: usersApi.userByGithubUsername.path, field: 'username' },
  twitterUsername: { path: usersApi.userByTwitterUsername.path, field: 'username' },
  twitterSubject: { path: usersApi.userByTwitterSubject.path, field: 'subject' },
  telegramUsername: { path: usersApi.userByTelegramUsername.path, field: 'username' },
  telegramUserId: { path: usersApi.userByTelegramUserId.path, field: 'telegram_user_id' },
  customAuth: { path: usersApi.userByCustomAuthId.path, field: 'custom_user_id' },
} as const;

/**
 * One lookup: the user, or null when the server says 404 (as the incumbent's SDK answers). Every other
 * failure (bad credentials, invalid input, the server down) throws: a null must mean "no such user".
 */
export async function lookup(
  http: Http,
  route: { path: string; field: string },
  value: string | number,
  options: CallOptions = {},
): Promise<User | null> {
  try {
    return await http.request<User>({
      method: 'POST',
      path: route.path,
      body: { [route.field]: value },
      // A lookup changes nothing: safe to retry.
      idempotent: true,
      ...options,
    });
  } catch (error) {
    if (error instanceof NotFoundError) return null;
    throw error;
  }
}
