import { guestApi, limits, routes } from '@latchkey/protocol';
import { z } from 'zod';
import { sha256Hex } from '../crypto/hash.ts';
import { type Feature, route } from '../feature.ts';
import { always, invalidData, ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { clientIp } from '../http/client-ip.ts';
import { loginWithIdentity } from '../login/login.ts';
import { loginResponse } from '../sessions/session-service.ts';

/** base64url of 32 random bytes: exactly 43 characters (spec document 2 §9). */
const guestCredential = z
  .string()
  .length(limits.guestCredentialLength, 'must be 43 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'must be base64url');

/**
 * `POST /api/v1/guest/authenticate`: the client's stored random credential is the guest's only
 * identity. Only its hash is stored; the same credential returns the same guest.
 */
export const guestFeature: Feature = {
  name: 'guest',
  routes: ({ ctx }) => [
    route(guestApi.guestAuthenticate, {
      auth: 'app',
      body: z.object({ guest_credential: guestCredential }),
      handler: async (c, body) => {
        const app = c.get('app');
        if (!app.config.guest_auth)
          throw new ApiError('disallowed_login_method', 'Guest login is not enabled for this app.');
        await ctx.rateLimits.consume('verifyIp', clientIp(c, ctx.settings.trustProxy));
        const identity = { type: 'guest' as const, identifier: sha256Hex(body.guest_credential) };
        const login = await loginWithIdentity(ctx, app, identity, { isGuest: true });
        return c.json(await loginResponse(ctx, app, login));
      },
    }),
  ],
  fixtures: {
    [`POST ${routes.guestAuthenticate}`]: {
      body: () => ({ guest_credential: 'g'.repeat(43) }),
      valid: ok,
      required: ['guest_credential'],
      strings: { guest_credential: always(invalidData) },
    },
  },
};
