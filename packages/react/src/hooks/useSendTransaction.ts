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

/** The transaction's hash; for a batch, `hash` is the last one's and `hashes` every one's, in order. */
export type SendTransactionResult = { hash: `0x${string}`; hashes?: `0x${string}`[] };

/**
 * eth_sendTransaction with the user's embedded Ethereum wallet: the confirm screen, then the
 * receipt ('Transaction complete!') once mined; resolves with the hash at that point. A list of
 * requests is a batch: the user steps through them ('(1 / 3)', Continue, Back), approves on the
 * last, and they are sent in order, each mined before the next.
 *
 * @example
 * const { sendTransaction } = useSendTransaction();
 * const { hash } = await sendTransaction({ to: '0x…', value: 10n ** 16n });
 * const { hashes } = await sendTransaction([approve, swap]);
 */
export function useSendTransaction(callbacks: SigningCallbacks<SendTransactionResult> = {}): {
  sendTransaction: (
    transaction: UnsignedTransactionRequest | readonly UnsignedTransactionRequest[],
    options?: SigningCallOptions<SendTransactionModalUIOptions>,
  ) => Promise<SendTransactionResult>;
} {
  const ctx = useLatchkeyContext();
  const latest = useLatestRef(callbacks);
  const sendTransaction = useCallback(
    (
      transaction: UnsignedTransactionRequest | readonly UnsignedTransactionRequest[],
      options?: SigningCallOptions<SendTransactionModalUIOptions>,
    ) =>
      withCallbacks(latest, async () =>
        (await loadEthereumSigning()).sendTransaction(ctx, transaction, options),
      ),
    [ctx, latest],
  );
  return { sendTransaction };
}
