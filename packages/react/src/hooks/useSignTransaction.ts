import {
  loadEthereumSigning,
  type SendTransactionModalUIOptions,
  type SigningCallbacks,
  type SigningCallOptions,
  type UnsignedTransactionRequest,
  withCallbacks,
} from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type SignTransactionResult = { signature: `0x${string}` };

/**
 * eth_signTransaction with the user's embedded Ethereum wallet, after the confirm screen: the
 * signed, serialized transaction (not sent).
 *
 * @example
 * const { signTransaction } = useSignTransaction();
 * const { signature } = await signTransaction({ to: '0x…', value: 1n });
 */
export function useSignTransaction(callbacks: SigningCallbacks<SignTransactionResult> = {}): {
  signTransaction: (
    transaction: UnsignedTransactionRequest,
    options?: SigningCallOptions<SendTransactionModalUIOptions>,
  ) => Promise<SignTransactionResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const signTransaction = useCallback(
    (transaction: UnsignedTransactionRequest, options?: SigningCallOptions<SendTransactionModalUIOptions>) =>
      withCallbacks(latest, async () =>
        (await loadEthereumSigning()).signTransaction(ctx, transaction, options),
      ),
    [ctx, latest],
  );
  return { signTransaction };
}
