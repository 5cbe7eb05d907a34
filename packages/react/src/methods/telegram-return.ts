import { type LatchkeyClient, LatchkeyError } from '@latchkey/core';
import {
  linkTelegram,
  loginWithTelegram,
  readTelegramReturn,
  type TelegramAttempt,
  type TelegramProof,
  takeTelegramAttempt,
  withoutTelegramReturn,
} from '@latchkey/core/flows/telegram';
import { linkAccountEvent, reportHeadlessLogin } from '../accountOf.ts';
import type { LatchkeyEvents } from '../events.ts';
import { toClientUser } from '../toClientUser.ts';
import type { PageReturn } from './types.ts';

// Loaded when the address has a query or a hash (methods/telegram.ts), never at first load.

/** The app logs its users in from a Mini App's launch data without a click (spec §3 telegram config). */
const seamless = (client: LatchkeyClient) => {
  const app = client.getState().appConfig;
  return Boolean(app?.telegram_auth_config?.seamless_auth_enabled || app?.telegram_seamless_auth_enabled);
};

/**
 * Back from Telegram's login page with the widget's result, or opened as a Mini App: the attempt
 * this device started completes where it started (the modal, or `useLoginWithTelegram`); a Mini
 * App's launch data with no attempt logs in seamlessly when the app allows it. The parameters leave
 * the address once taken.
 */
export const telegramPageReturn: PageReturn = {
  async complete({ client, events, openModal }) {
    const proof = readTelegramReturn(location.href);
    if (!proof) return;
    const attempt = await client.run(takeTelegramAttempt);
    const loggedIn = client.getState().user !== null;
    const unasked = !attempt && !('webAppData' in proof && !loggedIn && seamless(client));
    if (unasked) return;
    history.replaceState(history.state, '', withoutTelegramReturn(location.href));
    if (attempt?.ui === 'headless') {
      await completeHeadless(client, events, proof, attempt);
      return;
    }
    openModal(attempt?.intent === 'link' ? 'link-telegram' : 'login', { telegram: { proof } });
  },
};

/** A headless hook's attempt: the login or link, told to the hooks through the events like a modal flow's. */
async function completeHeadless(
  client: LatchkeyClient,
  events: LatchkeyEvents,
  proof: TelegramProof,
  attempt: TelegramAttempt,
) {
  try {
    if (attempt.intent === 'link') {
      const user = await client.run((ctx) => linkTelegram(ctx, { proof }));
      events.emit('linkSuccess', linkAccountEvent(toClientUser(user), 'telegram'));
      return;
    }
    const { user, isNewUser } = await client.run((ctx) =>
      loginWithTelegram(ctx, { proof, mode: attempt.mode }),
    );
    reportHeadlessLogin(events, { user: toClientUser(user), isNewUser, loginMethod: 'telegram' });
  } catch (error) {
    const code = error instanceof LatchkeyError ? error.code : 'unknown_auth_error';
    events.emit(attempt.intent === 'link' ? 'linkError' : 'loginError', code);
  }
}
