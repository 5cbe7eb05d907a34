import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { ClientUser } from '../types.ts';

/**
 * Unlinks a Farcaster account from the user by its fid; the user's only account cannot go
 * (`cannot_unlink_sole_account`). Resolves to the user without it.
 *
 * @example
 * const { unlink } = useUnlinkFarcaster();
 * await unlink({ fid: user.farcaster.fid });
 */
export function useUnlinkFarcaster(): { unlink(input: { fid: number }): Promise<ClientUser> } {
  const { client } = useLatchkeyContext();
  return {
    unlink: useCallback(
      ({ fid }: { fid: number }) =>
        import('@latchkey/core/flows/farcaster')
          .then((m) => client.run((ctx) => m.unlinkFarcaster(ctx, { fid })))
          .then(toClientUser),
      [client],
    ),
  };
}
