import { LatchkeyClientError } from '../../errors.ts';
import { type SolanaRpcClient, toBase64 } from './rpc.ts';

/**
 * Sends a signed wire transaction (`sendTransaction`, base64) and waits for it to land by polling
 * `getSignatureStatuses` (no websocket: the app's RPC URL may be HTTP only). A transaction the
 * cluster ran and failed rejects with its error; one that never shows within `timeoutMs` rejects too.
 */
export interface SendSolanaTransactionParameters {
  rpc: SolanaRpcClient;
  wire: Uint8Array;
  /** Between status reads; default 1 s. */
  pollMs?: number | undefined;
  /** Default 60 s (a blockhash expires after about that long, the transaction with it). */
  timeoutMs?: number | undefined;
  sleep?: ((ms: number) => Promise<void>) | undefined;
}

interface SignatureStatus {
  err: unknown;
  confirmationStatus?: string | null;
}

/** Resolves with the signature once confirmed. */
export async function sendSolanaTransaction(params: SendSolanaTransactionParameters): Promise<string> {
  const { rpc } = params;
  const pollMs = params.pollMs ?? 1000;
  const sleep = params.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const signature = await rpc.request<string>('sendTransaction', [
    toBase64(params.wire),
    { encoding: 'base64', preflightCommitment: 'confirmed' },
  ]);
  const deadline = (params.timeoutMs ?? 60_000) / pollMs;
  for (let read = 0; read <= deadline; read += 1) {
    const { value } = await rpc.request<{ value: (SignatureStatus | null)[] }>('getSignatureStatuses', [
      [signature],
    ]);
    const status = value[0];
    if (status?.err)
      throw new LatchkeyClientError('transaction_failure', 'The transaction failed', {
        details: JSON.stringify(status.err),
      });
    if (status && ['confirmed', 'finalized'].includes(status.confirmationStatus ?? '')) return signature;
    await sleep(pollMs);
  }
  throw new LatchkeyClientError('transaction_failure', 'The transaction was not confirmed in time', {
    details: signature,
  });
}
