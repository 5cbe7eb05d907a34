import { useMemo, useState } from 'react';
import type { LoginCallbacks } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import type { User } from '../userTypes.ts';
import { type SiweFlowState, siweLoginActions } from './headlessLogin.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type { SiweFlowState };

export type UseLoginWithSiwe = {
  /** A nonce and the EIP-4361 message for the wallet at `address` on `chainId` to sign. */
  generateSiweMessage: ({
    address,
    chainId,
    disableSignup,
  }: {
    address: string;
    chainId: `eip155:${number}`;
    disableSignup?: boolean;
  }) => Promise<string>;
  /** Only a nonce, for an app that builds its own EIP-4361 message. */
  generateSiweNonce: (options?: { address?: string; disableSignup?: boolean }) => Promise<string>;
  /** Logs in with the message and the wallet's `personal_sign` signature over it. */
  loginWithSiwe: ({
    signature,
    message,
    disableSignup,
    walletClientType,
    connectorType,
  }: {
    signature: string;
    message: string;
    disableSignup?: boolean;
    walletClientType?: string;
    connectorType?: string;
  }) => Promise<User>;
  state: SiweFlowState;
};

/**
 * Ethereum wallet login where the app signs with its own wallet (the incumbent's
 * `useLoginWithSiwe`): `generateSiweMessage`, the app's wallet signs, `loginWithSiwe`.
 *
 * @example
 * const { generateSiweMessage, loginWithSiwe } = useLoginWithSiwe();
 * const message = await generateSiweMessage({ address, chainId: 'eip155:1' });
 * const user = await loginWithSiwe({ message, signature: await walletClient.signMessage({ account: address, message }) });
 */
export function useLoginWithSiwe(callbacks?: LoginCallbacks): UseLoginWithSiwe {
  const { client, events } = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const [state, setState] = useState<SiweFlowState>({ status: 'initial' });
  const actions = useMemo(
    () => siweLoginActions({ client, events }, latest, setState),
    [client, events, latest],
  );
  return { ...actions, state };
}
