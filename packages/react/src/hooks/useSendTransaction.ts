import { loadEthereumSigning, type UnsignedTransactionRequest } from '@latchkey/core/signing/calls';
import { useCallback } from 'react';
import { PrivyErrorCode } from '../callbacks.ts';
import { useLatchkeyContext } from '../LatchkeyContext.ts';
import {
  type PrivyTransactionRequest,
  type SigningHookCallbacks,
  type TransactionOptions,
  withSigningCallbacks,
} from './signingTypes.ts';
import { useLatestRef } from './useLatestCallback.ts';

/** The transaction's hash; for a batch, `hash` is the last one's and `hashes` every one's, in order. */
export type SendTransactionResult = { hash: `0x${string}`; hashes?: `0x${string}`[] };

/**
 * eth_sendTransaction with the user's embedded Ethereum wallet: the confirm screen, then the
 * receipt ('Transaction complete!') once mined; resolves with the hash at that point. A list of
 * requests is a batch (Latchkey's; the incumbent's hook takes one): the user steps through them
 * ('(1 / 3)', Continue, Back), approves on the last, and they are sent in order, each mined before
 * the next.
 *
 * @example
 * const { sendTransaction } = useSendTransaction();
 * const { hash } = await sendTransaction({ to: '0x…', value: 10n ** 16n });
 * const { hashes } = await sendTransaction([approve, swap]);
 */
export function useSendTransaction(callbacks?: SigningHookCallbacks<SendTransactionResult>): {
  sendTransaction: (
    transaction: PrivyTransactionRequest | readonly PrivyTransactionRequest[],
    options?: TransactionOptions,
  ) => Promise<SendTransactionResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const sendTransaction = useCallback(
    (
      transaction: PrivyTransactionRequest | readonly PrivyTransactionRequest[],
      options: TransactionOptions = {},
    ) =>
      withSigningCallbacks(latest, PrivyErrorCode.TRANSACTION_FAILURE, async () =>
        (await loadEthereumSigning()).sendTransaction(
          ctx,
          // Core checks each request at run time (an address that is not one is refused there).
          transaction as UnsignedTransactionRequest | readonly UnsignedTransactionRequest[],
          { uiOptions: options.uiOptions, address: options.address },
        ),
      ),
    [ctx, latest],
  );
  return { sendTransaction };
}
