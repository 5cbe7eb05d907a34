import { LatchkeyClientError } from '@latchkey/core';
import type { User as WireUser } from '@latchkey/protocol';
import { useCallback } from 'react';
import { addSigners, removeSigners, type SessionSignerInput } from '../embedded/delegation.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { toClientUser } from '../toClientUser.ts';
import type { User } from '../userTypes.ts';

export type { SessionSignerInput };

/** The user the change leaves; none means the session ended on the way. */
function userAfter(user: WireUser | null): User {
  if (!user)
    throw new LatchkeyClientError('must_be_authenticated', 'The session ended before the signers changed');
  return toClientUser(user);
}

/**
 * Session signers (spec document 2 §4): key quorums of the app that may sign for the user's embedded
 * wallet on the server, each within its policies (time-bound by a policy's `current_unix_timestamp`
 * condition). `addSessionSigners` delegates the wallet first if needed (no screen), then adds the
 * signers; `removeSessionSigners` removes them all. The user approves each change with the wallet
 * frame's key for their session, which signs nothing else.
 *
 * @example
 * const { addSessionSigners } = useSessionSigners();
 * await addSessionSigners({ address: wallet.address, signers: [{ signerId: quorumId, policyIds: [policyId] }] });
 */
export function useSessionSigners(): {
  addSessionSigners: (parameters: {
    address: string;
    signers: SessionSignerInput[];
  }) => Promise<{ user: User }>;
  removeSessionSigners: (parameters: { address: string }) => Promise<{ user: User }>;
} {
  const { client } = useLatchkeyContext();
  const addSessionSigners = useCallback(
    async (parameters: { address: string; signers: SessionSignerInput[] }) => ({
      user: userAfter(await addSigners(client, parameters)),
    }),
    [client],
  );
  const removeSessionSigners = useCallback(
    async (parameters: { address: string }) => ({
      user: userAfter(await removeSigners(client, parameters)),
    }),
    [client],
  );
  return { addSessionSigners, removeSessionSigners };
}
