import type { AuthenticatedUser, User } from '../user.ts';
import type { EmptyRequest, EmptyResponse } from './common.ts';
import type { ReferenceArea } from './reference.ts';
import type { TypedRoutes } from './route.ts';

/** Refresh and logout: the refresh token in the body, or (cookie sessions) in its cookie (WIRE.md §5.3). */
export interface RefreshTokenRequest {
  refresh_token?: string | null;
}

/** `GET /api/v1/users/me`: the user and a fresh identity token (null when the app issues none). */
export interface MeResponse {
  user: User;
  identity_token: string | null;
}

const sessionTable = {
  sessions: { method: 'POST', path: '/api/v1/sessions' },
  logout: { method: 'POST', path: '/api/v1/sessions/logout' },
  me: { method: 'GET', path: '/api/v1/users/me' },
  acceptTerms: { method: 'POST', path: '/api/v1/users/me/accept_terms' },
} as const;

/** Session and user routes (WIRE.md §3.1). */
export const sessionApi: TypedRoutes<
  typeof sessionTable,
  {
    sessions: { request: RefreshTokenRequest; response: AuthenticatedUser };
    logout: { request: RefreshTokenRequest; response: EmptyResponse };
    me: { request: undefined; response: MeResponse };
    acceptTerms: { request: EmptyRequest; response: User };
  }
> = sessionTable;

/** The API reference's area of these routes (OpenAPI tag). */
export const sessionReference: ReferenceArea = {
  name: 'Sessions',
  description: 'Refresh, log out, the current user (WIRE.md §3.1).',
  tables: [[sessionApi, 'app', { me: 'user', acceptTerms: 'user' }]],
};
