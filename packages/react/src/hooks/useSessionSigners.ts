import { useCallback } from 'react';
import { addSigners, removeSigners, type SessionSignerInput } from '../embedded/delegation.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { ClientUser } from '../types.ts';
import { clientUser } from './delegationCallbacks.ts';

export type { SessionSignerInput };

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
  }) => Promise<{ user: ClientUser | null }>;
  removeSessionSigners: (parameters: { address: string }) => Promise<{ user: ClientUser | null }>;
} {
  const { client } = useLatchkeyContext();
  const addSessionSigners = useCallback(
    async (parameters: { address: string; signers: SessionSignerInput[] }) => ({
      user: clientUser(await addSigners(client, parameters)),
    }),
    [client],
  );
  const removeSessionSigners = useCallback(
    async (parameters: { address: string }) => ({
      user: clientUser(await removeSigners(client, parameters)),
    }),
    [client],
  );
  return { addSessionSigners, removeSessionSigners };
}
