import { decodeJwtPayload, type LatchkeyClient } from '@latchkey/core';
import { toClientUser } from './toClientUser.ts';
import type { LatchkeyCustomAuth } from './types.ts';

// Loaded by the provider when the app uses custom auth (`config.customAuth`), never at first load.

/**
 * Lines the Latchkey session up with the app's own auth, logging out first if the app's user changed;
 * a failure is reported in the console.
 */
export async function syncCustomAuth(
  client: LatchkeyClient,
  get: LatchkeyCustomAuth['getCustomAccessToken'],
): Promise<void> {
  await sync(client, get).catch((error: unknown) => console.error('Latchkey custom auth sync failed', error));
}

async function sync(client: LatchkeyClient, get: LatchkeyCustomAuth['getCustomAccessToken']): Promise<void> {
  const token = await get();
  const user = client.getState().user;
  const current = user ? toClientUser(user).customAuth?.customUserId : undefined;
  const subject = token ? decodeJwtPayload(token)?.sub : undefined;
  if (current && typeof subject === 'string' && subject !== current) await client.logout();
  await client.customJwt.sync();
}
