import { customJwtApi, routes } from '@latchkey/protocol';
import { z } from 'zod';
import type { AppRecord } from '../app-config/app-record.ts';
import { bindBody, type Feature } from '../feature.ts';
import { always, type HostileString, invalidCredentials, invalidData } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { boundedString, loginMode } from '../http/body.ts';
import { identityMethodRoutes } from '../login/identity-method.ts';
import { verifyCustomJwt } from './verify-custom-jwt.ts';

/** The token is optional in the schema: its absence is refused after the login method's check. */
const proof = { token: boundedString(16_384).optional() };

function requireToken(app: AppRecord, token: string | undefined): string {
  if (!app.config.custom_jwt_auth)
    throw new ApiError('disallowed_login_method', 'Custom JWT login is not enabled for this app.');
  if (!token) throw new ApiError('invalid_data', 'Invalid token: Required');
  return token;
}

/** Any string of the right size is a JWT candidate: it fails verification, not validation. */
const token = (kind: HostileString) =>
  kind === 'nul' || kind === 'nulInside' ? invalidData : invalidCredentials;

/** `/api/v1/custom_jwt_account/*`: log in or link with a JWT from the app's own auth system. */
export const customJwtFeature: Feature = {
  name: 'custom-jwt',
  routes: ({ ctx }) =>
    identityMethodRoutes(ctx, {
      type: 'custom_auth',
      authenticate: bindBody(customJwtApi.customJwtAuthenticate, z.object({ ...proof, mode: loginMode })),
      link: bindBody(customJwtApi.customJwtLink, z.object(proof)),
      accept: (app, body) => requireToken(app, body.token),
      verify: async (ctx, app, jwt) => ({
        type: 'custom_auth',
        identifier: await verifyCustomJwt(ctx, app, jwt),
      }),
    }),
  fixtures: {
    [`POST ${routes.customJwtAuthenticate}`]: {
      body: () => ({ token: 'not.a.jwt' }),
      valid: invalidCredentials,
      required: ['token'],
      strings: { token, mode: always(invalidData) },
    },
    [`POST ${routes.customJwtLink}`]: {
      body: () => ({ token: 'not.a.jwt' }),
      valid: invalidCredentials,
      required: ['token'],
      strings: { token },
    },
  },
};
