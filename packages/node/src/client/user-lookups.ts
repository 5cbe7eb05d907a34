import { NotFoundError } from '../errors.ts';
import type { Http } from './http.ts';
import type { CallOptions, User } from './types.ts';

/** The lookup routes of WIRE.md §7.2: each a POST with one field, answering the user or 404. */
export const userLookups = {
  email: { path: '/api/v1/users/email/address', field: 'address' },
  phone: { path: '/api/v1/users/phone/number', field: 'number' },
  wallet: { path: '/api/v1/users/wallet/address', field: 'address' },
  smartWallet: { path: '/api/v1/users/smart_wallet/address', field: 'address' },
  farcaster: { path: '/api/v1/users/farcaster/fid', field: 'fid' },
  discord: { path: '/api/v1/users/discord/username', field: 'username' },
  github: { path: '/api/v1/users/github/username', field: 'username' },
  twitterUsername: { path: '/api/v1/users/twitter/username', field: 'username' },
  twitterSubject: { path: '/api/v1/users/twitter/subject', field: 'subject' },
  telegramUsername: { path: '/api/v1/users/telegram/username', field: 'username' },
  telegramUserId: { path: '/api/v1/users/telegram/telegram_user_id', field: 'telegram_user_id' },
  customAuth: { path: '/api/v1/users/custom_auth/id', field: 'custom_user_id' },
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
