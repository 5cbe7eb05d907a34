import type { AuthenticatedUser, User } from '../user.ts';

/** `/init` of the code and wallet logins: the code went out (WIRE.md §3.2). */
export interface CodeSentResponse {
  success: boolean;
}

/**
 * The body of a route that takes no fields but reads its body anyway, so that a malformed one is
 * refused as anywhere else: `{}` (a route that reads none says `request: undefined`).
 */
export type EmptyRequest = Record<string, never>;

/** An answer with nothing in it: `{}`. */
export type EmptyResponse = Record<string, never>;

/** A page of a dashboard list (`/admin/v1/...?cursor=&limit=`): `next_cursor` null on the last. */
export interface AdminPage<T> {
  data: T[];
  next_cursor: string | null;
}

/** A wallet login's `/init` (WIRE.md §3.3): the nonce the signed message must carry. */
export interface WalletNonceResponse {
  address: string;
  nonce: string;
  /** ISO 8601. */
  expires_at: string;
}

/** The body types of a login route (`*​/authenticate`): a session for the user. */
export interface LoginTypes<Request> {
  request: Request;
  response: AuthenticatedUser;
}

/** The body types of a route that changes the logged-in user's accounts: the updated user. */
export interface UserChangeTypes<Request> {
  request: Request;
  response: User;
}
