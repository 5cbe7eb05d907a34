import type { KeyObject } from 'node:crypto';
import type { ServerContext } from '../context.ts';

/** A user's live authorization key (from `POST /wallets/authenticate`): its id and public half. */
export interface UserKey {
  id: string;
  publicKey: KeyObject;
}

/**
 * The live authorization keys of users who are quorum members, by user id. Users obtain them with
 * `POST /wallets/authenticate` (hpke/); until that part lands, no user has one.
 */
export async function liveUserKeys(
  _ctx: Pick<ServerContext, 'db'>,
  _appId: string,
  _userIds: readonly string[],
): Promise<Map<string, UserKey[]>> {
  return new Map();
}
