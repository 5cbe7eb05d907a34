import {
  loadEthereumSigning,
  type SigningCallbacks,
  type SigningCallOptions,
  type SignMessageModalUIOptions,
  type SignMessageParameters,
  withCallbacks,
} from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type SignMessageResult = { signature: `0x${string}` };

/**
 * personal_sign with the user's embedded Ethereum wallet, after the 'Sign message' screen (unless
 * `showWalletUIs` is off). Cancelling rejects with 4001 'The user rejected the request.'.
 *
 * @example
 * const { signMessage } = useSignMessage();
 * const { signature } = await signMessage({ message: 'Hello' }, { uiOptions: { isCancellable: true } });
 */
export function useSignMessage(callbacks: SigningCallbacks<SignMessageResult> = {}): {
  signMessage: (
    input: SignMessageParameters,
    options?: SigningCallOptions<SignMessageModalUIOptions>,
  ) => Promise<SignMessageResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const signMessage = useCallback(
    (input: SignMessageParameters, options?: SigningCallOptions<SignMessageModalUIOptions>) =>
      withCallbacks(latest, async () => (await loadEthereumSigning()).signMessage(ctx, input, options)),
    [ctx, latest],
  );
  return { signMessage };
}
