import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import type { ReactMethod } from './types.ts';

declare module './types.ts' {
  interface MethodActions {
    /**
     * Links a Telegram account: off to Telegram's login page (in a Mini App, its launch data). With
     * launch data the app has from Telegram's SDK: `useLinkAccount().linkTelegram({ launchParams })`.
     */
    linkTelegram(): void;
    /** Unlinks the user's Telegram account, by its Telegram user id (the only account cannot go). */
    unlinkTelegram(telegramUserId: string): Promise<ClientUser>;
  }
}

/** Telegram login (its flows load on first use, never at first load). */
export const telegramMethod: ReactMethod = {
  actions: ({ client, openModal }) => ({
    linkTelegram: () => openModal('link-telegram'),
    unlinkTelegram: (telegramUserId) =>
      import('@latchkey/core/flows/telegram')
        .then((m) => client.run((ctx) => m.unlinkTelegram(ctx, { telegramUserId })))
        .then(toClientUser),
  }),
  pageReturn: () => import('./telegram-return.ts').then((m) => m.telegramPageReturn),
};
