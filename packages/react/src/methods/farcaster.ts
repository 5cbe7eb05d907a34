import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';
import type { ReactMethod } from './types.ts';

declare module './types.ts' {
  interface MethodActions {
    /** Links a Farcaster account: the modal's channel, signed in the user's Farcaster app. */
    linkFarcaster(): void;
    /** Unlinks the user's Farcaster account by its fid (the only account cannot go). */
    unlinkFarcaster(fid: number): Promise<ClientUser>;
  }
}

/** Farcaster login (its flows load on first use, never at first load). */
export const farcasterMethod: ReactMethod = {
  actions: ({ client, openModal }) => ({
    linkFarcaster: () => openModal('link-farcaster'),
    unlinkFarcaster: (fid) =>
      import('@latchkey/core/flows/farcaster')
        .then((m) => client.run((ctx) => m.unlinkFarcaster(ctx, { fid })))
        .then(toClientUser),
  }),
};
