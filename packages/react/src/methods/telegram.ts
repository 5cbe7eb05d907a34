import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import type { ReactMethod } from './types.ts';

declare module './types.ts' {
  interface MethodActions {
    /**
     * Links a Telegram account: off to Telegram's login page (in a Mini App, its launch data: the
     * page's, or `launchParams.initDataRaw` when the app has it from Telegram's SDK).
     */
    linkTelegram(options?: { launchParams: { initDataRaw?: string } }): void;
    /** Unlinks the user's Telegram account, by its Telegram user id (the only account cannot go). */
    unlinkTelegram(telegramUserId: string): Promise<ClientUser>;
  }
}

/** Telegram login (its flows load on first use, never at first load). */
export const telegramMethod: ReactMethod = {
  actions: ({ client, openModal }) => ({
    // The modal checks the data (a click event, passed as `onClick={linkTelegram}`, carries none).
    linkTelegram: (options) =>
      openModal('link-telegram', { telegramLaunchData: options?.launchParams?.initDataRaw }),
    unlinkTelegram: (telegramUserId) =>
      import('@latchkey/core/flows/telegram')
        .then((m) => client.run((ctx) => m.unlinkTelegram(ctx, { telegramUserId })))
        .then(toClientUser),
  }),
  pageReturn: () => import('./telegram-return.ts').then((m) => m.telegramPageReturn),
};
