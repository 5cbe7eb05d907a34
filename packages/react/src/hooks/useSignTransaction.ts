import type { SendTransactionModalUIOptions } from '@latchkey/core/signing/calls';
import { loadEthereumSigning, type UnsignedTransactionRequest } from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import {
  type PrivyTransactionRequest,
  type SigningHookCallbacks,
  withSigningCallbacks,
} from './signingTypes.ts';
import { useLatestRef } from './useLatestCallback.ts';

export type SignTransactionResult = { signature: `0x${string}` };

/**
 * eth_signTransaction with the user's embedded Ethereum wallet, after the confirm screen: the
 * signed, serialized transaction (not sent). The callbacks are Latchkey's (the incumbent's hook takes
 * none).
 *
 * @example
 * const { signTransaction } = useSignTransaction();
 * const { signature } = await signTransaction({ to: '0x…', value: 1n });
 */
export function useSignTransaction(callbacks?: SigningHookCallbacks<SignTransactionResult>): {
  signTransaction: (
    transaction: PrivyTransactionRequest,
    options?: { uiOptions?: SendTransactionModalUIOptions; address?: string },
  ) => Promise<SignTransactionResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const signTransaction = useCallback(
    (
      transaction: PrivyTransactionRequest,
      options?: { uiOptions?: SendTransactionModalUIOptions; address?: string },
    ) =>
      withSigningCallbacks(latest, PrivyErrorCode.TRANSACTION_FAILURE, async () =>
        (await loadEthereumSigning()).signTransaction(
          ctx,
          transaction as UnsignedTransactionRequest,
          options,
        ),
      ),
    [ctx, latest],
  );
  return { signTransaction };
}
