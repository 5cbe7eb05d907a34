import type { LoginMode } from '../login-methods.ts';
import type { LoginTypes, UserChangeTypes } from './common.ts';
import type { TypedRoutes } from './route.ts';

/** The app's own JWT, verified against its configured key set (WIRE.md §3.6). */
export interface CustomJwtLinkRequest {
  token?: string;
}

export interface CustomJwtAuthenticateRequest extends CustomJwtLinkRequest {
  mode?: LoginMode;
}

const customJwtTable = {
  customJwtAuthenticate: { method: 'POST', path: '/api/v1/custom_jwt_account/authenticate' },
  customJwtLink: { method: 'POST', path: '/api/v1/custom_jwt_account/link' },
} as const;

export const customJwtApi: TypedRoutes<
  typeof customJwtTable,
  {
    customJwtAuthenticate: LoginTypes<CustomJwtAuthenticateRequest>;
    customJwtLink: UserChangeTypes<CustomJwtLinkRequest>;
  }
> = customJwtTable;
