import type { ChainRpc } from '../embedded/index.ts';

/** The fields of `eth_getTransactionReceipt` the receipt screen needs. */
export interface TransactionReceipt {
  transactionHash: string;
  /** '0x1' success, '0x0' reverted. */
  status: string;
  blockNumber: string;
}

export interface WaitForReceiptParameters {
  rpc: ChainRpc;
  hash: string;
  /** Stops waiting (resolves null) once this says so: the user closed the screen. */
  stopped?: () => boolean;
  /** Default 1 s between polls. */
  intervalMs?: number;
  delay?: (ms: number) => Promise<void>;
}

/**
 * Polls `eth_getTransactionReceipt` over the chain's RPC until the transaction is mined (spec
 * document 2 §4 Ethereum transaction: "wait for receipt"). Null when `stopped` said to give up.
 *
 * @example
 * const receipt = await waitForReceipt({ rpc: httpChainRpc(url), hash });
 * if (receipt?.status === '0x0') showReverted();
 */
export async function waitForReceipt({
  rpc,
  hash,
  stopped = () => false,
  intervalMs = 1000,
  delay = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
}: WaitForReceiptParameters): Promise<TransactionReceipt | null> {
  for (;;) {
    const receipt = (await rpc('eth_getTransactionReceipt', [hash])) as TransactionReceipt | null;
    if (receipt) return receipt;
    if (stopped()) return null;
    await delay(intervalMs);
    if (stopped()) return null;
  }
}
