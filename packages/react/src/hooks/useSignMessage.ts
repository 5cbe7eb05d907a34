import { loadEthereumSigning } from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { type SigningHookCallbacks, type SignOptions, withSigningCallbacks } from './signingTypes.ts';
import { useLatestRef } from './useLatestCallback.ts';

/** The signature, `0x` and hex. */
export type SignMessageResult = { signature: string };

/**
 * personal_sign with the user's embedded Ethereum wallet, after the 'Sign message' screen (unless
 * `showWalletUIs` is off). Cancelling rejects with 4001 'The user rejected the request.'
 * (`onError`: `unable_to_sign`).
 *
 * @example
 * const { signMessage } = useSignMessage();
 * const { signature } = await signMessage({ message: 'Hello' }, { uiOptions: { isCancellable: true } });
 */
export function useSignMessage(callbacks?: SigningHookCallbacks<SignMessageResult>): {
  signMessage: (input: { message: string }, options?: SignOptions) => Promise<SignMessageResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const signMessage = useCallback(
    (input: { message: string }, options?: SignOptions) =>
      withSigningCallbacks(latest, PrivyErrorCode.UNABLE_TO_SIGN, async () =>
        (await loadEthereumSigning()).signMessage(ctx, input, options),
      ),
    [ctx, latest],
  );
  return { signMessage };
}
