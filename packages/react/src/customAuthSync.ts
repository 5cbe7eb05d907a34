import { decodeJwtPayload, type LatchkeyClient } from '@latchkey/core';
import type { LatchkeyEventMap, LatchkeyEvents } from './events.ts';
import { toClientUser } from './toClientUser.ts';
import type { LatchkeyCustomAuth } from './types.ts';

// Loaded by the provider when the app uses custom auth (`config.customAuth`), never at first load.

/** The custom-auth logins each client's provider has told of (`client.customJwt.logins()`). */
const told = new WeakMap<LatchkeyClient, number>();

/**
 * Lines the Latchkey session up with the app's own auth, logging out first if the app's user changed;
 * tells `useCustomAuth` through the `customAuth` event, and the console when it fails. A sync that
 * logged a user in tells the provider (`loggedIn`: the wallets `createOnLogin` asks for), as a
 * headless login does.
 */
export async function syncCustomAuth(
  client: LatchkeyClient,
  get: LatchkeyCustomAuth['getCustomAccessToken'],
  report: (update: LatchkeyEventMap['customAuth']) => void,
  events: LatchkeyEvents,
): Promise<void> {
  const wasAuthenticated = client.getState().authenticated;
  report({ state: { status: 'loading' } });
  try {
    const user = await sync(client, get);
    // Counted by the client, so the login `initialize` ran before this module loaded is told too.
    const logins = client.customJwt.logins();
    if (user && logins > (told.get(client) ?? 0)) events.emit('loggedIn', undefined);
    told.set(client, logins);
    const loggedOut = wasAuthenticated && !user;
    report({ state: { status: 'done' }, user: user && toClientUser(user), loggedOut });
  } catch (error) {
    console.error('Latchkey custom auth sync failed', error);
    const failure = error instanceof Error ? error : new Error(String(error));
    report({ state: { status: 'error', error: failure } });
  }
}

async function sync(client: LatchkeyClient, get: LatchkeyCustomAuth['getCustomAccessToken']) {
  const token = await get();
  const user = client.getState().user;
  const current = user ? toClientUser(user).customAuth?.customUserId : undefined;
  const subject = token ? decodeJwtPayload(token)?.sub : undefined;
  if (current && typeof subject === 'string' && subject !== current) await client.logout();
  return client.customJwt.sync();
}
