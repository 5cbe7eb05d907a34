import { loadEthereumSigning, type SignTypedDataParameters } from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import {
  type PrivyTypedData,
  type SigningHookCallbacks,
  type SignOptions,
  withSigningCallbacks,
} from './signingTypes.ts';
import { useLatestRef } from './useLatestCallback.ts';

/** The signature, `0x` and hex. */
export type SignTypedDataResult = { signature: string };

/**
 * eth_signTypedData_v4 with the user's embedded Ethereum wallet, after the 'Sign message' screen
 * shows the typed data as a tree.
 *
 * @example
 * const { signTypedData } = useSignTypedData();
 * const { signature } = await signTypedData({ domain, types, primaryType: 'Mail', message });
 */
export function useSignTypedData(callbacks?: SigningHookCallbacks<SignTypedDataResult>): {
  signTypedData: (typedData: PrivyTypedData, options?: SignOptions) => Promise<SignTypedDataResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const signTypedData = useCallback(
    (typedData: PrivyTypedData, options?: SignOptions) =>
      withSigningCallbacks(latest, PrivyErrorCode.UNABLE_TO_SIGN, async () =>
        // Core checks the typed data at run time (a number `primaryType` is refused there).
        (await loadEthereumSigning()).signTypedData(ctx, typedData as SignTypedDataParameters, options),
      ),
    [ctx, latest],
  );
  return { signTypedData };
}
