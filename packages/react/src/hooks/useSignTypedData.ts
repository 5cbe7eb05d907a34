import {
  loadEthereumSigning,
  type SigningCallbacks,
  type SigningCallOptions,
  type SignMessageModalUIOptions,
  type SignTypedDataParameters,
  withCallbacks,
} from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type SignTypedDataResult = { signature: `0x${string}` };

/**
 * eth_signTypedData_v4 with the user's embedded Ethereum wallet, after the 'Sign message' screen
 * shows the typed data as a tree.
 *
 * @example
 * const { signTypedData } = useSignTypedData();
 * const { signature } = await signTypedData({ domain, types, primaryType: 'Mail', message });
 */
export function useSignTypedData(callbacks: SigningCallbacks<SignTypedDataResult> = {}): {
  signTypedData: (
    typedData: SignTypedDataParameters,
    options?: SigningCallOptions<SignMessageModalUIOptions>,
  ) => Promise<SignTypedDataResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const signTypedData = useCallback(
    (typedData: SignTypedDataParameters, options?: SigningCallOptions<SignMessageModalUIOptions>) =>
      withCallbacks(latest, async () => (await loadEthereumSigning()).signTypedData(ctx, typedData, options)),
    [ctx, latest],
  );
  return { signTypedData };
}
