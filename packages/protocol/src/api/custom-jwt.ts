import type { LoginMode } from '../login-methods.ts';
import type { LoginTypes, UserChangeTypes } from './common.ts';
import type { ReferenceArea } from './reference.ts';
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

/** The API reference's area of these routes (OpenAPI tag). */
export const customJwtReference: ReferenceArea = {
  name: 'Custom JWT',
  description: "Login with the app's own identity provider's JWT.",
  tables: [[customJwtApi, 'app', { customJwtLink: 'user' }]],
};
