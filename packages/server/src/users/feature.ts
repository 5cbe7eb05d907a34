import { routes, sessionApi } from '@latchkey/protocol';
import { z } from 'zod';
import { loadUser, toWireUser } from '../accounts/user-record.ts';
import type { ServerContext } from '../context.ts';
import { type Feature, route } from '../feature.ts';
import { sessionUser } from '../guards/auth.ts';
import { ok } from '../hostile-fixtures.ts';
import { ApiError } from '../http/api-error.ts';
import { issueIdentityToken } from '../tokens/identity-token.ts';

async function currentUser(ctx: ServerContext, appId: string, userId: string) {
  const user = await loadUser(ctx.db, appId, userId);
  if (!user) throw new ApiError('missing_or_invalid_token', 'User not found.');
  return user;
}

/** `/api/v1/users/me` and `/users/me/accept_terms`. */
export const usersFeature: Feature = {
  name: 'users',
  routes: ({ ctx }) => [
    route(sessionApi.me, {
      auth: 'user',
      handler: async (c) => {
        const app = c.get('app');
        // Loaded with the session check (guards/auth.ts): this route sends no statement of its own.
        const user = sessionUser(c);
        return c.json({
          user: toWireUser(user),
          identity_token: await issueIdentityToken(ctx, app.id, user),
        });
      },
    }),
    route(sessionApi.acceptTerms, {
      auth: 'user',
      body: z.object({}),
      handler: async (c) => {
        const app = c.get('app');
        const { userId } = c.get('auth');
        await ctx.db
          .updateTable('users')
          .set({ has_accepted_terms: 1 })
          .where('id', '=', userId)
          .where('app_id', '=', app.id)
          .execute();
        return c.json(toWireUser(await currentUser(ctx, app.id, userId)));
      },
    }),
  ],
  fixtures: {
    [`GET ${routes.me}`]: { valid: ok },
    [`POST ${routes.acceptTerms}`]: { body: () => ({}), valid: ok, empty: ok },
  },
};
