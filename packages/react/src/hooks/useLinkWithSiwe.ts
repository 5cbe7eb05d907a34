import { useMemo, useState } from 'react';
import type { LinkAccountCallbacks } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type SiweFlowState, siweLinkActions } from './headlessLogin.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type UseLinkWithSiwe = {
  /** A nonce and the EIP-4361 message for the wallet at `address` on `chainId` to sign. */
  generateSiweMessage: ({ address, chainId }: { address: string; chainId: string }) => Promise<string>;
  /** Links the wallet with the message and its signature; `onSuccess` then `useLinkAccount` hear it. */
  linkWithSiwe: ({
    signature,
    message,
    chainId,
    walletClientType,
    connectorType,
  }: {
    signature: string;
    message: string;
    chainId: string;
    walletClientType?: string;
    connectorType?: string;
  }) => Promise<void>;
  state: SiweFlowState;
};

/**
 * Links an Ethereum wallet the app signs with itself (the incumbent's `useLinkWithSiwe`).
 *
 * @example
 * const { generateSiweMessage, linkWithSiwe } = useLinkWithSiwe({ onSuccess: ({ linkedAccount }) => console.log(linkedAccount) });
 * const message = await generateSiweMessage({ address, chainId: 'eip155:1' });
 * await linkWithSiwe({ message, signature: await walletClient.signMessage({ account: address, message }), chainId: 'eip155:1' });
 */
export function useLinkWithSiwe(callbacks?: LinkAccountCallbacks): UseLinkWithSiwe {
  const { client, events } = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const [state, setState] = useState<SiweFlowState>({ status: 'initial' });
  const actions = useMemo(
    () => siweLinkActions({ client, events }, latest, setState),
    [client, events, latest],
  );
  return { ...actions, state };
}
